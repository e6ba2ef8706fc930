package dev.peregrine.benchmarks.peers;

import dev.peregrine.benchmarks.fixtures.Fixture;
import java.util.Locale;

/** Every serializer the benchmarks compare, with its settings as the report lists them. */
public enum Peer {
    /** Hand-written straight-line codecs: the practical speed limit. */
    HAND("hand", HandSerializer.SETTINGS) {
        @Override
        public Serializer create(Fixture fixture) {
            return new HandSerializer(fixture);
        }
    },
    /** Peregrine through {@code serialize(Object)} and {@code deserialize(byte[], Class)}. */
    PEREGRINE("peregrine", PeregrineSerializer.SETTINGS + "; serialize(Object)/deserialize(byte[], Class)") {
        @Override
        public Serializer create(Fixture fixture) {
            return new PeregrineSerializer(fixture, false);
        }
    },
    /** Peregrine through the {@code Codec} of the root type. */
    PEREGRINE_CODEC("peregrine-codec", PeregrineSerializer.SETTINGS + "; Codec<T> of the root type, encode/decode") {
        @Override
        public Serializer create(Fixture fixture) {
            return new PeregrineSerializer(fixture, true);
        }
    },
    /** Peregrine's compatible format through the {@code Codec} of the root type. */
    PEREGRINE_COMPATIBLE("peregrine-compatible", PeregrineSerializer.SETTINGS
            + ", compatible(true); Codec<T> of the root type, encode/decode; class definitions in every payload") {
        @Override
        public Serializer create(Fixture fixture) {
            return new PeregrineSerializer(fixture, true, true);
        }
    },
    /** Peregrine's same-schema format through a stream session: the baseline of the next. */
    PEREGRINE_STREAM("peregrine-stream", PeregrineStreamSerializer.SETTINGS) {
        @Override
        public Serializer create(Fixture fixture) {
            return new PeregrineStreamSerializer(fixture, false);
        }
    },
    /** Peregrine's compatible format through a stream session: class definitions once per stream. */
    PEREGRINE_COMPATIBLE_STREAM("peregrine-compatible-stream", PeregrineStreamSerializer.COMPATIBLE_SETTINGS) {
        @Override
        public Serializer create(Fixture fixture) {
            return new PeregrineStreamSerializer(fixture, true);
        }
    },
    /** Apache Fory. */
    FORY("fory", ForySerializer.SETTINGS) {
        @Override
        public Serializer create(Fixture fixture) {
            return new ForySerializer(fixture, false);
        }
    },
    /** Apache Fory's compatible mode. */
    FORY_COMPATIBLE("fory-compatible", ForySerializer.COMPATIBLE_SETTINGS) {
        @Override
        public Serializer create(Fixture fixture) {
            return new ForySerializer(fixture, true);
        }
    },
    /** Apache Fory's compatible mode with class metadata shared across the calls of a session. */
    FORY_COMPATIBLE_SHARED("fory-compatible-shared", ForySerializer.SHARED_SETTINGS) {
        @Override
        public Serializer create(Fixture fixture) {
            return new ForySerializer(fixture, true, true);
        }
    },
    /** Kryo 5. */
    KRYO("kryo", Kryo5Serializer.SETTINGS) {
        @Override
        public Serializer create(Fixture fixture) {
            return new Kryo5Serializer(fixture);
        }
    },
    /** protobuf-java with generated messages. */
    PROTOBUF("protobuf", ProtobufSerializer.SETTINGS) {
        @Override
        public Serializer create(Fixture fixture) {
            return new ProtobufSerializer(fixture);
        }
    },
    /** Jackson databind. */
    JACKSON("jackson", JacksonSerializer.SETTINGS) {
        @Override
        public Serializer create(Fixture fixture) {
            return new JacksonSerializer(fixture, JacksonSerializer.Flavour.PLAIN);
        }
    },
    /** Jackson databind with Afterburner. */
    JACKSON_AFTERBURNER("jackson-afterburner", JacksonSerializer.SETTINGS + " + AfterburnerModule") {
        @Override
        public Serializer create(Fixture fixture) {
            return new JacksonSerializer(fixture, JacksonSerializer.Flavour.AFTERBURNER);
        }
    },
    /** Jackson databind with Blackbird. */
    JACKSON_BLACKBIRD("jackson-blackbird", JacksonSerializer.SETTINGS + " + BlackbirdModule") {
        @Override
        public Serializer create(Fixture fixture) {
            return new JacksonSerializer(fixture, JacksonSerializer.Flavour.BLACKBIRD);
        }
    },
    /** Gson. */
    GSON("gson", GsonSerializer.SETTINGS) {
        @Override
        public Serializer create(Fixture fixture) {
            return new GsonSerializer(fixture);
        }
    },
    /** JDK serialization. */
    JDK("jdk", JdkSerializer.SETTINGS) {
        @Override
        public Serializer create(Fixture fixture) {
            return new JdkSerializer();
        }
    };

    private final String id;
    private final String settings;

    Peer(String id, String settings) {
        this.id = id;
        this.settings = settings;
    }

    /** @return the short name used on command lines and in reports, e.g. {@code jackson-blackbird} */
    public String id() {
        return id;
    }

    /** @return the library version and every setting that differs from the library's defaults */
    public String settings() {
        return settings;
    }

    /**
     * Tells whether this peer can handle a fixture honestly.
     *
     * @param fixture the fixture
     * @return null if it can, else the reason it cannot
     */
    public String unsupported(Fixture fixture) {
        return null;
    }

    /**
     * Creates a serializer for one fixture; each thread needs its own.
     *
     * @param fixture the fixture whose root type and classes to register
     * @return the serializer
     */
    public abstract Serializer create(Fixture fixture);

    /**
     * Finds a peer by id ({@code jackson-blackbird}) or constant name ({@code JACKSON_BLACKBIRD}).
     *
     * @param name the name
     * @return the peer
     */
    public static Peer named(String name) {
        for (Peer p : values()) {
            if (p.id.equalsIgnoreCase(name) || p.name().equalsIgnoreCase(name)) {
                return p;
            }
        }
        throw new IllegalArgumentException("unknown peer " + name.toLowerCase(Locale.ROOT));
    }
}

package dev.peregrine.benchmarks.peers;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.module.afterburner.AfterburnerModule;
import com.fasterxml.jackson.module.blackbird.BlackbirdModule;
import dev.peregrine.benchmarks.fixtures.Fixture;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Jackson databind to UTF-8 JSON bytes through an {@link ObjectWriter}/{@link ObjectReader} bound to the root
 * type, plain or with the Afterburner or Blackbird module. Default mapper settings: public fields and bean
 * properties (getters/setters) are both detected.
 */
final class JacksonSerializer implements Serializer {
    /** The modules a Jackson peer can use. */
    enum Flavour {
        /** Plain databind. */
        PLAIN("jackson"),
        /** Databind with the Afterburner module (bytecode-generated accessors). */
        AFTERBURNER("jackson-afterburner"),
        /** Databind with the Blackbird module (LambdaMetafactory accessors). */
        BLACKBIRD("jackson-blackbird");

        private final String id;

        Flavour(String id) {
            this.id = id;
        }
    }

    /** The settings as the report lists them. */
    static final String SETTINGS = "Jackson 2.20.0 databind; default JsonMapper, ObjectWriter/ObjectReader bound "
            + "to the root type, writeValueAsBytes/readValue(byte[])";

    private final String name;
    private final ObjectWriter writer;
    private final ObjectReader reader;

    JacksonSerializer(Fixture fixture, Flavour flavour) {
        JsonMapper.Builder builder = JsonMapper.builder();
        if (flavour == Flavour.AFTERBURNER) {
            builder.addModule(new AfterburnerModule());
        } else if (flavour == Flavour.BLACKBIRD) {
            builder.addModule(new BlackbirdModule());
        }
        ObjectMapper mapper = builder.build();
        name = flavour.id;
        writer = mapper.writerFor(fixture.rootType());
        reader = mapper.readerFor(fixture.rootType());
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public byte[] serialize(Object value) {
        try {
            return writer.writeValueAsBytes(value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public Object deserialize(byte[] bytes) {
        try {
            return reader.readValue(bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

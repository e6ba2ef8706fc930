package dev.peregrine.benchmarks.jmh;

import dev.peregrine.benchmarks.fixtures.Fixture;
import dev.peregrine.benchmarks.peers.Peer;
import dev.peregrine.benchmarks.peers.Serializer;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Serialize, deserialize and round-trip time of every peer on every fixture. Every peer gets the same fixture
 * value; the setup checks that the peer round-trips it to an equal value before anything is timed; every
 * result goes to a {@link Blackhole}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-opens=java.base/java.lang=ALL-UNNAMED",
        "--add-opens=java.base/java.util=ALL-UNNAMED", "--add-opens=java.base/java.nio=ALL-UNNAMED"})
public class SerializationBenchmark {
    /** Peer id, see {@link Peer#id()}. */
    @Param({"hand", "peregrine", "peregrine-codec", "fory", "kryo", "protobuf", "jackson", "jackson-afterburner",
            "jackson-blackbird", "gson", "jdk"})
    public String peer;

    /** Fixture name, see {@link Fixture}. */
    @Param({"SIMPLE", "COMPLEX", "DEEP", "CAR", "MEDIA_CONTENT", "SOME_BEANS", "CONSTRUCTOR_BEANS",
            "CLASSIC_BEANS", "STRUCT", "SAMPLE"})
    public String fixture;

    private Serializer serializer;
    private Object value;
    private byte[] bytes;

    /** Builds the peer and the value, and checks the round trip. */
    @Setup(Level.Trial)
    public void setUp() {
        Fixture f = Fixture.named(fixture);
        Peer p = Peer.named(peer);
        String unsupported = p.unsupported(f);
        if (unsupported != null) {
            throw new IllegalStateException("n/a: " + unsupported);
        }
        serializer = p.create(f);
        value = f.value();
        bytes = serializer.serialize(value);
        if (!Fixture.same(value, serializer.deserialize(bytes))) {
            throw new IllegalStateException(peer + " does not round-trip " + fixture);
        }
    }

    /**
     * Encodes the fixture value.
     *
     * @param bh consumes the bytes
     */
    @Benchmark
    public void serialize(Blackhole bh) {
        bh.consume(serializer.serialize(value));
    }

    /**
     * Decodes the fixture's bytes.
     *
     * @param bh consumes the value
     */
    @Benchmark
    public void deserialize(Blackhole bh) {
        bh.consume(serializer.deserialize(bytes));
    }

    /**
     * Encodes the fixture value and decodes the result.
     *
     * @param bh consumes the value
     */
    @Benchmark
    public void roundTrip(Blackhole bh) {
        bh.consume(serializer.deserialize(serializer.serialize(value)));
    }
}

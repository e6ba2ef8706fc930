package dev.peregrine.benchmarks.jmh;

import dev.peregrine.benchmarks.fixtures.Fixture;
import dev.peregrine.benchmarks.peers.Peer;
import dev.peregrine.benchmarks.peers.Serializer;
import java.util.Arrays;
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
 * Encoding into a reused caller-supplied array, for the peers that can (see
 * {@link Serializer#encodesIntoArray()}): no result array is allocated, so this is each peer's
 * allocation-free encode path. The setup decodes what was written and checks it equals the value.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-opens=java.base/java.lang=ALL-UNNAMED",
        "--add-opens=java.base/java.util=ALL-UNNAMED", "--add-opens=java.base/java.nio=ALL-UNNAMED"})
public class BufferReuseBenchmark {
    /** Peer id; only peers that encode into an array. */
    @Param({"hand", "peregrine", "peregrine-codec", "fory", "kryo"})
    public String peer;

    /** Fixture name, see {@link Fixture}. */
    @Param({"SIMPLE", "COMPLEX", "DEEP", "CAR", "MEDIA_CONTENT", "SOME_BEANS", "CONSTRUCTOR_BEANS",
            "CLASSIC_BEANS", "STRUCT", "SAMPLE"})
    public String fixture;

    private Serializer serializer;
    private Object value;
    private final byte[] buffer = new byte[1 << 20];

    /** Builds the peer and the value, and checks the round trip through the array. */
    @Setup(Level.Trial)
    public void setUp() {
        Fixture f = Fixture.named(fixture);
        serializer = Peer.named(peer).create(f);
        if (!serializer.encodesIntoArray()) {
            throw new IllegalStateException("n/a: " + peer + " cannot encode into a given array");
        }
        value = f.value();
        int length = serializer.serialize(value, buffer);
        if (!Fixture.same(value, serializer.deserialize(Arrays.copyOf(buffer, length)))) {
            throw new IllegalStateException(peer + " does not round-trip " + fixture);
        }
    }

    /**
     * Encodes the fixture value into the reused array.
     *
     * @param bh consumes the length
     */
    @Benchmark
    public void serializeInto(Blackhole bh) {
        bh.consume(serializer.serialize(value, buffer));
    }
}

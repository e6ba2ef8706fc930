package dev.peregrine.benchmarks.jmh;

import dev.peregrine.benchmarks.fixtures.Fixture;
import dev.peregrine.benchmarks.peers.Peer;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Time to the first encode in a fresh JVM: creating the peer (registration, code generation) and encoding
 * one value once. Each fork is one sample; the fixture classes are loaded in the setup so only the peer's
 * own start-up is timed.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 0)
@Measurement(iterations = 1)
@Fork(value = 5, jvmArgsAppend = {"--add-opens=java.base/java.lang=ALL-UNNAMED",
        "--add-opens=java.base/java.util=ALL-UNNAMED", "--add-opens=java.base/java.nio=ALL-UNNAMED"})
public class StartupBenchmark {
    /** Peer id, see {@link Peer#id()}. */
    @Param({"hand", "peregrine", "peregrine-codec", "fory", "kryo", "protobuf", "jackson", "jackson-afterburner",
            "jackson-blackbird", "gson", "jdk"})
    public String peer;

    /** Fixture name, see {@link Fixture}. */
    @Param({"CAR"})
    public String fixture;

    private Peer resolvedPeer;
    private Fixture resolvedFixture;
    private Object value;

    /** Loads the fixture value and resolves the names, outside the timed call. */
    @Setup
    public void setUp() {
        resolvedPeer = Peer.named(peer);
        resolvedFixture = Fixture.named(fixture);
        value = resolvedFixture.value();
    }

    /**
     * Creates the peer and encodes the value once.
     *
     * @return the bytes, consumed by JMH
     */
    @Benchmark
    public byte[] firstSerialize() {
        return resolvedPeer.create(resolvedFixture).serialize(value);
    }
}

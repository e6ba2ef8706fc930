package dev.peregrine.benchmarks.report;

import dev.peregrine.benchmarks.fixtures.Fixture;
import dev.peregrine.benchmarks.peers.Serializer;
import java.util.zip.Deflater;

/** Encoded and deflated sizes of each fixture value for each peer, measured on the spot. */
final class Payloads {
    private Payloads() {
    }

    /**
     * Encodes the fixture value.
     *
     * @param serializer the peer, created for the fixture
     * @param fixture the fixture
     * @return {encoded bytes, deflated bytes}
     */
    static int[] sizes(Serializer serializer, Fixture fixture) {
        byte[] bytes = serializer.serialize(fixture.value());
        return new int[] {bytes.length, deflatedLength(bytes)};
    }

    /**
     * Compresses with {@link Deflater} at its default level.
     *
     * @param bytes the input
     * @return the compressed length
     */
    static int deflatedLength(byte[] bytes) {
        Deflater deflater = new Deflater();
        try {
            deflater.setInput(bytes);
            deflater.finish();
            byte[] out = new byte[bytes.length + 64];
            int length = 0;
            while (!deflater.finished()) {
                length += deflater.deflate(out);
            }
            return length;
        } finally {
            deflater.end();
        }
    }
}

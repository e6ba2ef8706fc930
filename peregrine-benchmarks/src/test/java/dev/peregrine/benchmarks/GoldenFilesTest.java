package dev.peregrine.benchmarks;

import dev.peregrine.Codec;
import dev.peregrine.Peregrine;
import dev.peregrine.benchmarks.fixtures.Fixture;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.Objects;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Pins the wire format on the fixtures: the payload of every fixture value, written by this version,
 * is committed under {@code src/test/resources/golden/<generation>/}: {@code v3/} for the same-schema
 * format (version 3) and {@code v8-compatible/} for the compatible format (version 8: a
 * {@code Codec}'s payload preloads its defs behind a token, compressed where that saves 16 bytes
 * or more; payloads with no preload, those of {@code serialize} among them, have none). This
 * version must write exactly those bytes (a compressed preload compared by what it inflates to,
 * since the DEFLATE run is the JDK's zlib's, whose builds may differ) and read them back to an
 * equal value; later versions must keep reading them. Earlier generations are still read:
 * {@code v7-compatible/} (compatible, no preload compressed), {@code v2/} (same-schema, values as
 * LEB128 varints), {@code v6-compatible/}
 * (compatible, values as LEB128 varints; its payloads without a preload are version 4),
 * {@code v1/} (same-schema, before the schema fingerprint), {@code v2-compatible/}
 * (compatible, before package names were shared), {@code v3-compatible/} (compatible, with a def
 * reference before every object), {@code v4-compatible/} (compatible, each def where its class's
 * first object sits) and {@code v5-compatible/} (compatible, a preload with no token).
 *
 * <p>The two formats have their own version numbers. To add a generation after a deliberate change
 * of one of them: bump that format's version ({@code Session.VERSION}, or
 * {@code DefTable.CURRENT_VERSION} for the compatible format), set {@link #GENERATION} or
 * {@link #COMPATIBLE_GENERATION} to the new name, run this test once with
 * {@code -Dperegrine.golden.write=<new name>} (from {@code peregrine-benchmarks}: it writes
 * {@code src/test/resources/golden/<new name>/}), commit the new directory, and turn the old
 * generation's test into a read-only one like {@link #stillReadsV1} for as long as that version is
 * supported.
 */
class GoldenFilesTest {
    private static final String GENERATION = "v3";
    private static final String COMPATIBLE_GENERATION = "v8-compatible";

    private static Peregrine peregrine(Fixture fixture, boolean compatible) {
        return Peregrine.builder().compatible(compatible)
                .register(fixture.classes().toArray(new Class<?>[0])).build();
    }

    private static byte[] golden(String generation, String name) throws IOException {
        try (InputStream in = GoldenFilesTest.class.getResourceAsStream("/golden/" + generation + "/" + name)) {
            assertNotNull(in, "missing golden file " + generation + "/" + name + "; see the class comment");
            return in.readAllBytes();
        }
    }

    private static void writeIfAsked(String directory, String name, byte[] bytes) throws IOException {
        if (directory.equals(System.getProperty("peregrine.golden.write"))) {
            Path dir = Paths.get("src/test/resources/golden", directory);
            Files.createDirectories(dir);
            Files.write(dir.resolve(name), bytes);
        }
    }

    @ParameterizedTest
    @EnumSource(Fixture.class)
    void writesAndReadsTheCommittedBytes(Fixture fixture) throws IOException {
        check(fixture, false, GENERATION);
    }

    @ParameterizedTest
    @EnumSource(Fixture.class)
    void writesAndReadsTheCommittedCompatibleBytes(Fixture fixture) throws IOException {
        check(fixture, true, COMPATIBLE_GENERATION);
    }

    private static void check(Fixture fixture, boolean compatible, String directory) throws IOException {
        Peregrine p = peregrine(fixture, compatible);
        @SuppressWarnings("unchecked")
        Codec<Object> codec = (Codec<Object>) p.codec(fixture.rootType());
        String name = fixture.name().toLowerCase();
        byte[] tagged = p.serialize(fixture.value());
        byte[] untagged = codec.encode(fixture.value());
        writeIfAsked(directory, name + ".bin", tagged);
        writeIfAsked(directory, name + ".codec.bin", untagged);

        byte[] goldenTagged = golden(directory, name + ".bin");
        byte[] goldenUntagged = golden(directory, name + ".codec.bin");
        assertArrayEquals(goldenTagged, tagged, "serialize output changed: a wire format change?");
        if (compatible) {
            assertSameCompatible(goldenUntagged, untagged, "Codec output changed: a wire format change?");
        } else {
            assertArrayEquals(goldenUntagged, untagged, "Codec output changed: a wire format change?");
        }
        assertTrue(Objects.deepEquals(fixture.value(), p.deserialize(goldenTagged, fixture.rootType())));
        assertTrue(Objects.deepEquals(fixture.value(), codec.decode(goldenUntagged)));
        if (compatible && goldenUntagged[1] == 0 && (goldenUntagged[2] == 7 || goldenUntagged[2] == 8)) {
            // A reader takes a preload with its own token unread; with another token it reads the
            // defs (and inflates compressed ones). The bean arrays' roots have no preload.
            byte[] otherToken = goldenUntagged.clone();
            otherToken[3] ^= 1;
            assertTrue(Objects.deepEquals(fixture.value(), codec.decode(otherToken)));
        }
    }

    /**
     * Asserts a compatible payload equals the committed one; one whose preload is compressed
     * (header, then {@code 00 08}) by its header, token and stated length, the bytes its DEFLATE
     * run inflates to, and everything after the run.
     */
    private static void assertSameCompatible(byte[] golden, byte[] actual, String message) {
        CompressedLead g = CompressedLead.of(golden);
        CompressedLead a = CompressedLead.of(actual);
        if (g == null || a == null) {
            assertArrayEquals(golden, actual, message);
            return;
        }
        assertArrayEquals(g.head, a.head, message + " (header, token, length)");
        assertArrayEquals(g.inflated, a.inflated, message + " (the defs inflated)");
        assertArrayEquals(g.rest, a.rest, message + " (after the defs)");
    }

    /**
     * A payload with a compressed preload, taken apart with the JDK's {@link Inflater} (here, not
     * through the core's {@code PreloadBytes}: this module does not depend on the core's test jar).
     */
    private record CompressedLead(byte[] head, byte[] inflated, byte[] rest) {
        /** @return the parts of {@code payload}, or null when it has no compressed preload */
        static CompressedLead of(byte[] payload) {
            if (payload.length < 14 || payload[1] != 0 || payload[2] != 8) {
                return null;
            }
            int[] at = {11};
            int length = leb(payload, at);
            byte[] head = Arrays.copyOf(payload, at[0]);
            int compressed = leb(payload, at);
            Inflater inflater = new Inflater(true);
            try {
                inflater.setInput(payload, at[0], compressed);
                byte[] inflated = new byte[length];
                assertEquals(length, inflater.inflate(inflated));
                assertTrue(inflater.finished());
                assertEquals(0, inflater.getRemaining());
                return new CompressedLead(head, inflated, Arrays.copyOfRange(payload, at[0] + compressed, payload.length));
            } catch (DataFormatException e) {
                throw new AssertionError(e);
            } finally {
                inflater.end();
            }
        }

        private static int leb(byte[] b, int[] at) {
            int n = 0;
            for (int shift = 0; ; shift += 7) {
                int x = b[at[0]++] & 0xFF;
                n |= (x & 0x7F) << shift;
                if (x < 0x80) {
                    return n;
                }
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Fixture.class)
    void stillReadsV7Compatible(Fixture fixture) throws IOException {
        reads(fixture, true, "v7-compatible");
    }

    @ParameterizedTest
    @EnumSource(Fixture.class)
    void stillReadsV2(Fixture fixture) throws IOException {
        reads(fixture, false, "v2");
    }

    @ParameterizedTest
    @EnumSource(Fixture.class)
    void stillReadsV6Compatible(Fixture fixture) throws IOException {
        reads(fixture, true, "v6-compatible");
    }

    @ParameterizedTest
    @EnumSource(Fixture.class)
    void stillReadsV1(Fixture fixture) throws IOException {
        reads(fixture, false, "v1");
    }

    @ParameterizedTest
    @EnumSource(Fixture.class)
    void stillReadsV2Compatible(Fixture fixture) throws IOException {
        reads(fixture, true, "v2-compatible");
    }

    @ParameterizedTest
    @EnumSource(Fixture.class)
    void stillReadsV3Compatible(Fixture fixture) throws IOException {
        reads(fixture, true, "v3-compatible");
    }

    @ParameterizedTest
    @EnumSource(Fixture.class)
    void stillReadsV4Compatible(Fixture fixture) throws IOException {
        reads(fixture, true, "v4-compatible");
    }

    @ParameterizedTest
    @EnumSource(Fixture.class)
    void stillReadsV5Compatible(Fixture fixture) throws IOException {
        reads(fixture, true, "v5-compatible");
    }

    private static void reads(Fixture fixture, boolean compatible, String directory) throws IOException {
        Peregrine p = peregrine(fixture, compatible);
        @SuppressWarnings("unchecked")
        Codec<Object> codec = (Codec<Object>) p.codec(fixture.rootType());
        String name = fixture.name().toLowerCase();
        assertTrue(Objects.deepEquals(fixture.value(), p.deserialize(golden(directory, name + ".bin"),
                fixture.rootType())));
        assertTrue(Objects.deepEquals(fixture.value(), codec.decode(golden(directory, name + ".codec.bin"))));
    }
}

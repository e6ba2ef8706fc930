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
import java.util.Objects;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Pins the wire format on the fixtures: the payload of every fixture value, written by this version,
 * is committed under {@code src/test/resources/golden/v1/}. This version must write exactly those
 * bytes and read them back to an equal value; a later version must keep reading them.
 *
 * <p>To add a generation after a deliberate format change: bump the format version, run this test once
 * with {@code -Dperegrine.golden.write=v2} (from {@code peregrine-benchmarks}, it writes
 * {@code src/test/resources/golden/v2/}), commit the new directory, and keep the old one with a test
 * that reads it for as long as that version is supported.
 */
class GoldenFilesTest {
    private static final String GENERATION = "v1";

    private static Peregrine peregrine(Fixture fixture) {
        return Peregrine.builder().register(fixture.classes().toArray(new Class<?>[0])).build();
    }

    private static byte[] golden(String name) throws IOException {
        try (InputStream in = GoldenFilesTest.class.getResourceAsStream("/golden/" + GENERATION + "/" + name)) {
            assertNotNull(in, "missing golden file " + name + "; see the class comment to create it");
            return in.readAllBytes();
        }
    }

    private static void writeIfAsked(String name, byte[] bytes) throws IOException {
        String generation = System.getProperty("peregrine.golden.write");
        if (generation != null) {
            Path dir = Paths.get("src/test/resources/golden", generation);
            Files.createDirectories(dir);
            Files.write(dir.resolve(name), bytes);
        }
    }

    @ParameterizedTest
    @EnumSource(Fixture.class)
    void writesAndReadsTheCommittedBytes(Fixture fixture) throws IOException {
        Peregrine p = peregrine(fixture);
        @SuppressWarnings("unchecked")
        Codec<Object> codec = (Codec<Object>) p.codec(fixture.rootType());
        String name = fixture.name().toLowerCase();
        byte[] tagged = p.serialize(fixture.value());
        byte[] untagged = codec.encode(fixture.value());
        writeIfAsked(name + ".bin", tagged);
        writeIfAsked(name + ".codec.bin", untagged);

        byte[] goldenTagged = golden(name + ".bin");
        byte[] goldenUntagged = golden(name + ".codec.bin");
        assertArrayEquals(goldenTagged, tagged, "serialize output changed: a wire format change?");
        assertArrayEquals(goldenUntagged, untagged, "Codec output changed: a wire format change?");
        assertTrue(Objects.deepEquals(fixture.value(), p.deserialize(goldenTagged, fixture.rootType())));
        assertTrue(Objects.deepEquals(fixture.value(), codec.decode(goldenUntagged)));
    }
}

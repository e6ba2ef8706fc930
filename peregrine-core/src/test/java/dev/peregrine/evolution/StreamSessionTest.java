package dev.peregrine.evolution;

import dev.peregrine.Peregrine;
import dev.peregrine.StreamReader;
import dev.peregrine.StreamWriter;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

import static dev.peregrine.evolution.Shop.V1;
import static dev.peregrine.evolution.Shop.V2;
import static dev.peregrine.evolution.Version.get;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Stream sessions ({@link StreamWriter}, {@link StreamReader}) in compatible mode: values of several
 * classes, written one after another on one stream, read back in order; a class's metadata travels once
 * per stream, so a later frame of the same value is smaller than the first, and a new stream starts
 * over; a stream written by one version is read by a stream reader of the other.
 */
class StreamSessionTest {

    /** Writes each value through one writer and returns the stream's bytes and each frame's size. */
    private static byte[] writeAll(Version v, List<Object> values, List<Integer> frameSizes) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (StreamWriter w = v.peregrine(true).newStreamWriter(out)) {
            for (Object value : values) {
                int before = out.size();
                w.write(value);
                w.flush();
                frameSizes.add(out.size() - before);
            }
        }
        return out.toByteArray();
    }

    private static List<Object> readAll(Version v, InputStream in, List<String> types) {
        List<Object> read = new ArrayList<>();
        try (StreamReader r = v.peregrine(true).newStreamReader(in)) {
            for (String type : types) {
                read.add(r.read(v.type(type)));
            }
        }
        return read;
    }

    @Test
    void severalValuesReadBackInOrder() {
        List<Object> values = List.of(Shop.v2Order("a", 1),
                V2.create("Customer", "name", "C", "email", "c@x", "tier", 2),
                Shop.v2Order("b", 3), V2.create("Item", "sku", "s", "qty", 1), Shop.v2Order("c", 0));
        byte[] bytes = writeAll(V2, values, new ArrayList<>());
        List<Object> read = readAll(V2, new ByteArrayInputStream(bytes),
                List.of("Order", "Customer", "Order", "Item", "Order"));
        assertEquals(Version.snapshot(values), Version.snapshot(read));
    }

    @Test
    void laterFramesOfAClassAreSmallerThanTheFirst() {
        Object order = Shop.v2Order("same", 2);
        List<Integer> sizes = new ArrayList<>();
        byte[] bytes = writeAll(V2, List.of(order, order, order), sizes);
        assertTrue(sizes.get(1) < sizes.get(0), () -> "frame sizes " + sizes);
        assertTrue(sizes.get(2) < sizes.get(0), () -> "frame sizes " + sizes);
        List<Object> read = readAll(V2, new ByteArrayInputStream(bytes), List.of("Order", "Order", "Order"));
        for (Object r : read) {
            assertEquals(Version.snapshot(order), Version.snapshot(r));
        }
    }

    @Test
    void aNewStreamWritesTheMetadataAgain() {
        Object order = Shop.v2Order("same", 2);
        List<Integer> first = new ArrayList<>();
        writeAll(V2, List.of(order, order), first);
        List<Integer> second = new ArrayList<>();
        writeAll(V2, List.of(order), second);
        assertEquals(first.get(0), second.get(0), "each stream starts with the full metadata");
    }

    @Test
    void oldWriterStreamReadsIntoNewClasses() {
        List<Object> values = List.of(Shop.v1Order("a", 2), V1.create("Customer", "name", "C", "email", "c@x"),
                Shop.v1Order("b", 1));
        byte[] bytes = writeAll(V1, values, new ArrayList<>());
        List<Object> read = readAll(V2, new ByteArrayInputStream(bytes), List.of("Order", "Customer", "Order"));
        assertEquals("a", get(read.get(0), "id"));
        assertEquals(2, ((List<?>) get(read.get(0), "items")).size());
        Object item = ((List<?>) get(read.get(0), "items")).get(1);
        assertEquals("sku-1", get(item, "sku"));
        assertEquals("-", get(item, "note"));
        assertEquals(1, get(read.get(1), "tier"));
        assertEquals("b", get(read.get(2), "id"));
        assertEquals("main", get(get(read.get(2), "main"), "sku"));
    }

    @Test
    void newWriterStreamReadsIntoOldClasses() {
        List<Object> values = List.of(Shop.v2Order("a", 2), Shop.v2Order("b", 3));
        byte[] bytes = writeAll(V2, values, new ArrayList<>());
        List<Object> read = readAll(V1, new ByteArrayInputStream(bytes), List.of("Order", "Order"));
        assertEquals("a", get(read.get(0), "id"));
        assertEquals("b", get(read.get(1), "id"));
        Object item = ((List<?>) get(read.get(1), "items")).get(2);
        assertEquals(V1.type("Item"), item.getClass());
        assertEquals("sku-2", get(item, "sku"));
        assertEquals(3, get(item, "qty"));
        assertEquals(null, get(item, "legacyCode"));
    }

    @Test
    void readerTakesOneFrameAtATimeFromATrickle() {
        List<Object> values = List.of(Shop.v1Order("a", 1), Shop.v1Order("b", 2));
        byte[] bytes = writeAll(V1, values, new ArrayList<>());
        List<Object> read = readAll(V2, new OneByteAtATime(new ByteArrayInputStream(bytes)), List.of("Order", "Order"));
        assertEquals("a", get(read.get(0), "id"));
        assertEquals("b", get(read.get(1), "id"));
    }

    @Test
    void sameVersionStreamWithoutCompatibleMode() {
        List<Object> values = List.of(Shop.v2Order("a", 1), Shop.v2Order("b", 2));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Peregrine p = V2.peregrine(false);
        try (StreamWriter w = p.newStreamWriter(out)) {
            values.forEach(w::write);
        }
        try (StreamReader r = V2.peregrine(false).newStreamReader(new ByteArrayInputStream(out.toByteArray()))) {
            assertEquals(Version.snapshot(values.get(0)), Version.snapshot(r.read(V2.type("Order"))));
            assertEquals(Version.snapshot(values.get(1)), Version.snapshot(r.read(V2.type("Order"))));
        }
    }

    /** Hands out at most one byte per read call. */
    private static final class OneByteAtATime extends FilterInputStream {
        OneByteAtATime(InputStream in) {
            super(in);
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            return super.read(b, off, Math.min(len, 1));
        }
    }
}

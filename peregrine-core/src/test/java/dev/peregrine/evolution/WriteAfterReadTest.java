package dev.peregrine.evolution;

import dev.peregrine.Peregrine;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.peregrine.evolution.Shop.V1;
import static dev.peregrine.evolution.Shop.V2;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Compatible mode: an instance that has read data of another version must not let that data's layout
 * leak into what it writes next. A v2 instance that has deserialized v1 data then serializes a complete
 * v2 object (every field, the added ones included), which a fresh v2 instance reads back equal; the
 * translated object itself also writes and reads back whole.
 */
class WriteAfterReadTest {

    @Test
    void newInstanceWritesItsOwnVersionAfterReadingOldData() {
        Peregrine p = V2.peregrine(true);
        p.deserialize(V1.write(Shop.v1Order("old", 2)), V2.type("Order"));
        Object order = Shop.v2Order("new", 3);
        byte[] bytes = p.serialize(order);
        Object read = V2.peregrine(true).deserialize(bytes, V2.type("Order"));
        assertEquals(Version.snapshot(order), Version.snapshot(read));
        Object readBySelf = p.deserialize(bytes, V2.type("Order"));
        assertEquals(Version.snapshot(order), Version.snapshot(readBySelf), "and reads it itself");
    }

    @Test
    void translatedObjectWritesBackWhole() {
        Peregrine p = V2.peregrine(true);
        Object translated = p.deserialize(V1.write(Shop.v1Order("old", 2)), V2.type("Order"));
        Object read = V2.peregrine(true).deserialize(p.serialize(translated), V2.type("Order"));
        assertEquals(Version.snapshot(translated), Version.snapshot(read));
    }

    @Test
    void newInstanceWritesItsOwnVersionForAnOldReaderAfterReadingOldData() {
        Peregrine p = V2.peregrine(true);
        p.deserialize(V1.write(Shop.v1Order("old", 1)), V2.type("Order"));
        Object read = V1.read(p.serialize(Shop.v2Order("new", 1)), "Order");
        assertEquals("new", Version.get(read, "id"));
        assertEquals("sku-0", Version.get(((List<?>) Version.get(read, "items")).get(0), "sku"));
    }

    @Test
    void codecWritesItsOwnVersionAfterReadingOldData() {
        Peregrine p = V2.peregrine(true);
        var codec = p.codec(V2.type("Order"));
        codec.decode(encode(V1.peregrine(true), V1.type("Order"), Shop.v1Order("old", 2)));
        Object order = Shop.v2Order("new", 2);
        byte[] bytes = encode(p, V2.type("Order"), order);
        Object read = V2.peregrine(true).codec(V2.type("Order")).decode(bytes);
        assertEquals(Version.snapshot(order), Version.snapshot(read));
    }

    @Test
    void oldInstanceWritesItsOwnVersionAfterReadingNewData() {
        Peregrine p = V1.peregrine(true);
        p.deserialize(V2.write(Shop.v2Order("new", 2)), V1.type("Order"));
        Object order = Shop.v1Order("old", 2);
        Object read = V1.peregrine(true).deserialize(p.serialize(order), V1.type("Order"));
        assertEquals(Version.snapshot(order), Version.snapshot(read));
    }

    @SuppressWarnings("unchecked")
    private static <T> byte[] encode(Peregrine p, Class<T> type, Object value) {
        return p.codec(type).encode((T) value);
    }
}

package dev.peregrine.evolution;

import dev.peregrine.Peregrine;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static dev.peregrine.evolution.Shop.V1;
import static dev.peregrine.evolution.Shop.V2;
import static dev.peregrine.evolution.Version.get;
import static dev.peregrine.evolution.Version.transfer;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

/**
 * Compatible mode: classes that changed ({@code Item}, {@code Customer}), held by a class that did not
 * ({@code Order}) in a field and in a {@code List<Item>}; see {@link Shop}. Each element is translated
 * on its own, in both directions, through both {@link Peregrine#serialize} and {@link Peregrine#codec}.
 */
class NestedEvolutionTest {

    private static void assertV2Item(Object item, String sku, int qty) {
        assertEquals(V2.type("Item"), item.getClass());
        assertAll(
                () -> assertEquals(sku, get(item, "sku")),
                () -> assertEquals(qty, get(item, "qty")),
                () -> assertEquals("-", get(item, "note"), "initializer default"),
                () -> assertEquals(List.of(), get(item, "tags"), "initializer default"));
    }

    private static void assertOldToNew(Object read) {
        assertEquals(V2.type("Order"), read.getClass());
        assertEquals("o-1", get(read, "id"));
        assertV2Item(get(read, "main"), "main", 100);
        List<?> items = (List<?>) get(read, "items");
        assertEquals(3, items.size());
        for (int i = 0; i < 3; i++) {
            assertV2Item(items.get(i), "sku-" + i, i + 1);
        }
        Object customer = get(read, "customer");
        assertEquals("Ann", get(customer, "name"));
        assertEquals("ann@x.org", get(customer, "email"));
        assertEquals(1, get(customer, "tier"), "compact constructor default");
        assertSame(V2.constant("Status", "PAID"), get(read, "status"));
    }

    private static void assertNewToOld(Object read) {
        assertEquals(V1.type("Order"), read.getClass());
        assertEquals("o-2", get(read, "id"));
        List<?> items = (List<?>) get(read, "items");
        assertEquals(2, items.size());
        for (int i = 0; i < 2; i++) {
            Object item = items.get(i);
            assertEquals(V1.type("Item"), item.getClass());
            assertEquals("sku-" + i, get(item, "sku"));
            assertEquals(i + 1, get(item, "qty"));
            assertEquals(0.0, get(item, "price"));
            assertNull(get(item, "legacyCode"));
        }
        assertEquals("main", get(get(read, "main"), "sku"));
        assertEquals("Bob", get(get(read, "customer"), "name"));
        assertSame(V1.constant("Status", "SHIPPED"), get(read, "status"));
    }

    @Test
    void oldOrderReadsIntoNewClasses() {
        assertOldToNew(transfer(V1, V2, Shop.v1Order("o-1", 3)));
    }

    @Test
    void newOrderReadsIntoOldClasses() {
        assertNewToOld(transfer(V2, V1, Shop.v2Order("o-2", 2)));
    }

    @Test
    void codecTranslatesBothWays() {
        byte[] old = encode(V1.peregrine(true), V1.type("Order"), Shop.v1Order("o-1", 3));
        // format 5: Customer's and Status's defs preloaded, each of another version for the reader
        assertEquals((byte) 0xA5, old[0]);
        assertOldToNew(V2.peregrine(true).codec(V2.type("Order")).decode(old));
        byte[] fresh = encode(V2.peregrine(true), V2.type("Order"), Shop.v2Order("o-2", 2));
        assertNewToOld(V1.peregrine(true).codec(V1.type("Order")).decode(fresh));
    }

    @Test
    void emptyAndNullNestedValuesTranslate() {
        Object order = V1.create("Order", "id", "e", "items", new ArrayList<>());
        Object read = transfer(V1, V2, order);
        assertEquals("e", get(read, "id"));
        assertNull(get(read, "main"));
        assertEquals(List.of(), get(read, "items"));
        assertNull(get(read, "customer"));
        assertNull(get(read, "status"));
    }

    @Test
    void sameVersionCompatibleRoundTripIsExact() {
        Object order = Shop.v2Order("o-3", 4);
        assertEquals(Version.snapshot(order), Version.snapshot(transfer(V2, V2, order)));
        Object old = Shop.v1Order("o-4", 4);
        assertEquals(Version.snapshot(old), Version.snapshot(transfer(V1, V1, old)));
    }

    @SuppressWarnings("unchecked")
    private static <T> byte[] encode(Peregrine p, Class<T> type, Object value) {
        return p.codec(type).encode((T) value);
    }
}

package dev.peregrine.evolution;

import java.util.ArrayList;
import java.util.List;

/**
 * Two versions of a small shop model shared by the nested, write-after-read, stream and hostile-input
 * tests. {@code Order} is the same in both; {@code Item} and {@code Customer}, which it holds in a field
 * and in a {@code List<Item>}, changed: v2's Item dropped {@code price} and {@code legacyCode} and gained
 * {@code note} (initialized to "-") and {@code tags}; v2's Customer record gained {@code tier}, which
 * its compact constructor turns from 0 into 1.
 */
final class Shop {
    private static final String ORDER = """
            public class Order {
                String id;
                Item main;
                List<Item> items;
                Customer customer;
                Status status;
            }
            """;
    private static final String STATUS = """
            public enum Status { NEW, PAID, SHIPPED }
            """;

    static final Version V1 = Version.compile("shop-v1", ORDER, """
            public class Item {
                String sku;
                int qty;
                double price;
                String legacyCode;
            }
            """, """
            public record Customer(String name, String email) {
            }
            """, STATUS);
    static final Version V2 = Version.compile("shop-v2", ORDER, """
            public class Item {
                String sku;
                int qty;
                String note = "-";
                List<String> tags = new ArrayList<>();
            }
            """, """
            public record Customer(String name, String email, int tier) {
                public Customer {
                    if (tier == 0) {
                        tier = 1;
                    }
                }
            }
            """, STATUS);

    private Shop() {
    }

    /** An order of v1 whose every field is set. */
    static Object v1Order(String id, int itemCount) {
        Version v = V1;
        List<Object> items = new ArrayList<>();
        for (int i = 0; i < itemCount; i++) {
            items.add(v.create("Item", "sku", "sku-" + i, "qty", i + 1, "price", 9.5 * i, "legacyCode", "L" + i));
        }
        Object main = v.create("Item", "sku", "main", "qty", 100, "price", 1.25, "legacyCode", "LM");
        Object customer = v.create("Customer", "name", "Ann", "email", "ann@x.org");
        return v.create("Order", "id", id, "main", main, "items", items, "customer", customer,
                "status", v.constant("Status", "PAID"));
    }

    /** An order of v2 whose every field, the added ones included, is set to a value other than its default. */
    static Object v2Order(String id, int itemCount) {
        Version v = V2;
        List<Object> items = new ArrayList<>();
        for (int i = 0; i < itemCount; i++) {
            items.add(v.create("Item", "sku", "sku-" + i, "qty", i + 1, "note", "n" + i,
                    "tags", new ArrayList<>(List.of("t" + i, "fragile"))));
        }
        return v.create("Order", "id", id, "main", v.create("Item", "sku", "main", "qty", 100, "note", "gift",
                "tags", new ArrayList<>(List.of("wrap"))), "items", items,
                "customer", v.create("Customer", "name", "Bob", "email", "bob@x.org", "tier", 3),
                "status", v.constant("Status", "SHIPPED"));
    }
}

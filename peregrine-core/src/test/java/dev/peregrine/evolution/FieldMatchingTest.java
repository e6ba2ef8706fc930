package dev.peregrine.evolution;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static dev.peregrine.evolution.Version.get;
import static dev.peregrine.evolution.Version.transfer;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * Compatible mode: how a reader pairs written fields with its own (records are in
 * {@link RecordEvolutionTest}). Fields reordered in the source land by name; a field renamed but
 * keeping its {@link dev.peregrine.Tag} keeps its value, in both directions; a renamed field without
 * a tag is a removed field plus an added one; a field that gains a tag is still matched by name to data
 * written before it had one.
 */
class FieldMatchingTest {
    private static final Version V1 = Version.compile("matching-v1", """
            public class Contact {
                String first;
                int age;
                String last;
                long id;
                boolean active;
                int score;
            }
            """, """
            public class Account {
                @Tag(1) String email;
                @Tag(2) int rank;
                @Tag(3) List<String> roles;
                String plain;
                String owner;
                String nick;
            }
            """);
    private static final Version V2 = Version.compile("matching-v2", """
            public class Contact {
                int score;
                boolean active;
                long id;
                String last;
                int age;
                String first;
            }
            """, """
            public class Account {
                String owner;
                @Tag(3) List<String> permissions;
                String renamedPlain;
                @Tag(1) String mail;
                @Tag(2) int priority;
                @Tag(4) String nick;
            }
            """);

    @Test
    void reorderedFieldsLandByNameOldToNew() {
        Object v1 = V1.create("Contact", "first", "Ada", "age", 36, "last", "Lovelace", "id", 1815L,
                "active", true, "score", -2);
        Object read = transfer(V1, V2, v1);
        assertEquals(Version.snapshot(v1), Version.snapshot(read));
        assertEquals("Ada", get(read, "first"));
        assertEquals("Lovelace", get(read, "last"));
        assertEquals(36, get(read, "age"));
        assertEquals(-2, get(read, "score"));
    }

    @Test
    void reorderedFieldsLandByNameNewToOld() {
        Object v2 = V2.create("Contact", "first", "Grace", "age", 85, "last", "Hopper", "id", 1906L,
                "active", false, "score", 11);
        Object read = transfer(V2, V1, v2);
        assertEquals(Version.snapshot(v2), Version.snapshot(read));
    }

    @Test
    void renamedFieldWithTheSameTagKeepsItsValueOldToNew() {
        Object v1 = V1.create("Account", "email", "a@b.c", "rank", 5,
                "roles", new ArrayList<>(List.of("admin", "ops")), "plain", "p", "owner", "o");
        Object read = transfer(V1, V2, v1);
        assertAll(
                () -> assertEquals("a@b.c", get(read, "mail")),
                () -> assertEquals(5, get(read, "priority")),
                () -> assertEquals(List.of("admin", "ops"), get(read, "permissions")),
                () -> assertEquals("o", get(read, "owner")),
                () -> assertNull(get(read, "renamedPlain"), "a rename without a tag is a new field"));
    }

    @Test
    void renamedFieldWithTheSameTagKeepsItsValueNewToOld() {
        Object v2 = V2.create("Account", "mail", "x@y.z", "priority", -9,
                "permissions", new ArrayList<>(List.of("read")), "renamedPlain", "r",
                "owner", "me");
        Object read = transfer(V2, V1, v2);
        assertAll(
                () -> assertEquals("x@y.z", get(read, "email")),
                () -> assertEquals(-9, get(read, "rank")),
                () -> assertEquals(List.of("read"), get(read, "roles")),
                () -> assertEquals("me", get(read, "owner")),
                () -> assertNull(get(read, "plain"), "a rename without a tag is a new field"));
    }

    @Test
    void fieldThatGainedATagStillMatchesOldDataByName() {
        Object read = transfer(V1, V2, V1.create("Account", "nick", "zed", "owner", "o"));
        assertEquals("zed", get(read, "nick"));
        assertEquals("o", get(read, "owner"));
    }
}

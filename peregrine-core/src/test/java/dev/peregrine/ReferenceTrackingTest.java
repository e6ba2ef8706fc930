package dev.peregrine;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReferenceTrackingTest {
    static final class Node {
        String name;
        Node next;
        Object payload;
        List<Node> children = new ArrayList<>();
    }

    static final class Pair {
        Object left;
        Object right;
    }

    private final Peregrine tracking = Peregrine.builder().register(Node.class, Pair.class)
            .referenceTracking(true).build();
    private final Peregrine plain = Peregrine.builder().register(Node.class, Pair.class).build();

    interface Shape {
    }

    static final class Circle implements Shape {
        int r = 3;
    }

    static final class Square {
        int side = 4;
    }

    static final class Drawing {
        List<Object> all;
        Shape first;
        Shape second;
        Circle third;
    }

    @Test
    void aReferenceToAValueTheSlotCannotHoldIsMalformed() {
        Peregrine p = Peregrine.builder().register(Drawing.class, Circle.class, Square.class)
                .referenceTracking(true).build();
        Drawing d = new Drawing();
        Circle circle = new Circle();
        d.all = new ArrayList<>(List.of(new Square(), circle));
        d.first = circle;
        d.second = circle;
        d.third = circle;
        byte[] bytes = p.serialize(d);
        // Tracked values in order: the drawing (marker 1), the list (2), the square (3), the circle
        // (4); the payload ends with the markers of second and third, both 4.
        assertEquals(4, bytes[bytes.length - 2]);
        assertEquals(4, bytes[bytes.length - 1]);
        String[] declared = {Shape.class.getName(), Circle.class.getName()};
        for (int i = 0; i < 2; i++) {
            byte[] bad = bytes.clone();
            bad[bytes.length - 2 + i] = 3;
            MalformedInputException e = assertThrows(MalformedInputException.class, () -> p.deserialize(bad));
            assertEquals("reference to a value of class " + Square.class.getName() + " where " + declared[i]
                    + " is declared (at byte offset " + (bytes.length - 1 + i) + ")", e.getMessage());
        }
    }

    @Test
    void sharedReferencesStayShared() {
        Pair pair = new Pair();
        List<String> shared = new ArrayList<>(List.of("x"));
        pair.left = shared;
        pair.right = shared;
        Pair back = tracking.deserialize(tracking.serialize(pair), Pair.class);
        assertSame(back.left, back.right);
        Pair copy = plain.deserialize(plain.serialize(pair), Pair.class);
        assertNotSame(copy.left, copy.right);
        assertEquals(copy.left, copy.right);
    }

    @Test
    void cyclesWork() {
        Node a = new Node();
        Node b = new Node();
        a.name = "a";
        b.name = "b";
        a.next = b;
        b.next = a;
        a.children.add(a);
        a.children.add(b);
        Map<String, Object> m = new HashMap<>();
        m.put("self", m);
        m.put("node", a);
        b.payload = m;
        Node back = tracking.deserialize(tracking.serialize(a), Node.class);
        assertSame(back, back.next.next);
        assertSame(back, back.children.get(0));
        assertSame(back.next, back.children.get(1));
        Map<?, ?> bm = (Map<?, ?>) back.next.payload;
        assertSame(bm, bm.get("self"));
        assertSame(back, bm.get("node"));
    }

    record Box(Object content) {
    }

    static final class Link {
        final Object target;

        Link(Object target) {
            this.target = target;
        }
    }

    @Test
    void aCycleThroughAValueMadeFromItsContentsIsRefusedWhenWritten() {
        aCycleThroughAValueMadeFromItsContentsIsRefusedWhenWritten(false);
        aCycleThroughAValueMadeFromItsContentsIsRefusedWhenWritten(true);
    }

    private void aCycleThroughAValueMadeFromItsContentsIsRefusedWhenWritten(boolean compatible) {
        Peregrine p = Peregrine.builder().register(Node.class, Box.class, Link.class).referenceTracking(true)
                .requireRegistration(false).compatible(compatible).build();
        Node inBox = new Node();
        Box box = new Box(inBox);
        inBox.payload = box;
        Node inList = new Node();
        List<Object> list = List.of(inList, "x");
        inList.payload = list;
        Node inOptional = new Node();
        java.util.Optional<Node> optional = java.util.Optional.of(inOptional);
        inOptional.payload = optional;
        Node inLink = new Node();
        Link link = new Link(inLink);
        inLink.payload = link;
        for (Object root : List.<Object>of(box, list, optional, link)) {
            UnsupportedTypeException e = assertThrows(UnsupportedTypeException.class, () -> p.serialize(root));
            assertTrue(e.getMessage().startsWith("a cycle through a " + root.getClass().getName()), e.getMessage());
        }
        // From the plain object the same graphs are fine: the reader creates it before its contents.
        for (Node root : List.of(inBox, inList, inOptional, inLink)) {
            Node back = p.deserialize(p.serialize(root), Node.class);
            Object made = back.payload;
            Object inner = made instanceof Box b ? b.content() : made instanceof List<?> l ? l.get(0)
                    : made instanceof java.util.Optional<?> o ? o.get() : ((Link) made).target;
            assertSame(back, inner);
        }
        // A record met twice, not inside itself, is a shared reference like any other.
        Pair pair = new Pair();
        Box shared = new Box("s");
        pair.left = shared;
        pair.right = shared;
        Pair back = p.deserialize(p.serialize(pair), Pair.class);
        assertSame(back.left, back.right);
    }

    /**
     * Equal, hashed and ordered by name, written as carelessly as such methods often are: they fail
     * on a null name, which an object still being read has.
     */
    static final class Person implements Comparable<Person> {
        Map<Person, Integer> scores = new HashMap<>();
        java.util.Set<Person> friends = new java.util.LinkedHashSet<>();
        String name;
        java.util.TreeSet<Person> ranked = new java.util.TreeSet<>();

        Person() {
        }

        Person(String name) {
            this.name = name;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Person p && p.name.equals(name);
        }

        @Override
        public int hashCode() {
            return name.hashCode();
        }

        @Override
        public int compareTo(Person o) {
            return name.compareTo(o.name);
        }
    }

    @Test
    void setsAndMapKeysInACycleFindTheirElementsOnceComplete() {
        Person ada = new Person("ada");
        Person bob = new Person("bob");
        Person cyd = new Person("cyd");
        ada.friends.add(bob);
        bob.friends.add(ada);
        bob.friends.add(cyd);
        bob.scores.put(ada, 1);
        bob.scores.put(cyd, 2);
        cyd.ranked.add(bob);
        cyd.ranked.add(ada);
        for (boolean compatible : new boolean[] {false, true}) {
            Peregrine p = Peregrine.builder().register(Person.class).referenceTracking(true)
                    .compatible(compatible).build();
            Person a = (Person) p.deserialize(p.serialize(ada));
            // When bob's set and map and cyd's sorted set were filled, ada and bob were still being
            // read: their names were not set yet (fields are read in order of name).
            Person b = a.friends.iterator().next();
            Person c = b.scores.keySet().stream().filter(k -> "cyd".equals(k.name)).findFirst().orElseThrow();
            assertAll(
                    () -> assertEquals("bob", b.name),
                    () -> assertTrue(b.friends.contains(a), "set element hashed before its fields were read"),
                    () -> assertEquals(List.of("ada", "cyd"), b.friends.stream().map(x -> x.name).toList(),
                            "linked order kept"),
                    () -> assertEquals(1, b.scores.get(a), "map key hashed before its fields were read"),
                    () -> assertEquals(2, b.scores.get(c)),
                    () -> assertSame(a, c.ranked.first(), "sorted set ordered once complete"),
                    () -> assertTrue(c.ranked.contains(b)));
        }
    }

    /** Null-safe equality by title: an object still being read hashes without failing, wrongly. */
    static final class Member {
        java.util.Set<Member> peers = new java.util.HashSet<>();
        String title;

        @Override
        public boolean equals(Object o) {
            return o instanceof Member m && java.util.Objects.equals(m.title, title);
        }

        @Override
        public int hashCode() {
            return java.util.Objects.hashCode(title);
        }
    }

    @Test
    void aSetElementOfACycleIsNotLeftInTheWrongBucket() {
        Peregrine p = Peregrine.builder().register(Member.class).referenceTracking(true).build();
        Member x = new Member();
        x.title = "x";
        Member y = new Member();
        y.title = "y";
        x.peers.add(y);
        y.peers.add(x);
        Member back = (Member) p.deserialize(p.serialize(x));
        Member peer = back.peers.iterator().next();
        assertTrue(peer.peers.contains(back), "hashed while its title, read after its peers, was null, then never found");
        assertTrue(peer.peers.remove(back));
    }

    /** Hashed by its name, which fails while the name is not read yet (it is read after the teams). */
    static final class Player {
        java.util.Set<Team> aTeams = new java.util.HashSet<>();
        String zName;

        @Override
        public boolean equals(Object o) {
            return o instanceof Player p && p.zName.equals(zName);
        }

        @Override
        public int hashCode() {
            return zName.hashCode();
        }
    }

    /** Hashed by its members: a team's hash depends on another set of the same cycle. */
    static final class Team {
        java.util.Set<Player> members = new java.util.HashSet<>();

        @Override
        public boolean equals(Object o) {
            return o instanceof Team t && t.members.equals(members);
        }

        @Override
        public int hashCode() {
            return members.hashCode();
        }
    }

    @Test
    void aSetWhoseElementsHashByAnotherSetOfTheCycleIsRefilledAfterIt() {
        Peregrine p = Peregrine.builder().register(Player.class, Team.class).referenceTracking(true).build();
        Player ada = new Player();
        ada.zName = "ada";
        Player bob = new Player();
        bob.zName = "bob";
        Team team = new Team();
        team.members.add(ada);
        team.members.add(bob);
        ada.aTeams.add(team);
        bob.aTeams.add(team);
        Player a = p.deserialize(p.serialize(ada), Player.class);
        Team t = a.aTeams.iterator().next();
        Player b = t.members.stream().filter(x -> x != a).findFirst().orElseThrow();
        assertAll(
                () -> assertEquals(java.util.Set.of("ada", "bob"), t.members.stream().map(x -> x.zName)
                        .collect(java.util.stream.Collectors.toSet())),
                () -> assertTrue(t.members.contains(a)),
                () -> assertTrue(a.aTeams.contains(t)),
                () -> assertTrue(b.aTeams.contains(t), "refilled while the team's members were incomplete"));
    }

    /** Records every instance a read makes, to see what a failed read leaves reachable. */
    static final class Tracked {
        static final List<java.lang.ref.WeakReference<Tracked>> MADE =
                java.util.Collections.synchronizedList(new ArrayList<>());
        java.util.Set<Tracked> peers = new java.util.HashSet<>();
        String title;

        Tracked() {
            MADE.add(new java.lang.ref.WeakReference<>(this));
        }
    }

    @Test
    void aFailedReadLeavesNoSetToRefillInAKeptContext() throws InterruptedException {
        Codec<Tracked> codec = Peregrine.builder().register(Tracked.class).referenceTracking(true).build()
                .codec(Tracked.class);
        Tracked x = new Tracked();
        x.title = "x";
        Tracked y = new Tracked();
        y.title = "y";
        x.peers.add(y);
        y.peers.add(x);
        byte[] bytes = codec.encode(x);
        Tracked.MADE.clear();
        // Cut in x's title, the last field: y's set, which refers back to x, is kept for refilling.
        assertThrows(PeregrineException.class, () -> codec.decode(java.util.Arrays.copyOf(bytes, bytes.length - 1)));
        assertTrue(Tracked.MADE.size() >= 2);
        for (int i = 0; i < 50 && Tracked.MADE.stream().anyMatch(r -> r.get() != null); i++) {
            System.gc();
            Thread.sleep(10);
        }
        assertTrue(Tracked.MADE.stream().allMatch(r -> r.get() == null),
                "the codec's kept context still holds objects of the failed read");
    }

    /** Holds an immutable set and map, which a reader makes from their elements at once. */
    static final class Frozen {
        java.util.Set<Object> peers;
        Map<Object, String> marks;
        String zName;

        @Override
        public boolean equals(Object o) {
            return o instanceof Frozen f && f.zName.equals(zName);
        }

        @Override
        public int hashCode() {
            return zName.hashCode();
        }
    }

    @Test
    void anImmutableSetMadeFromObjectsStillBeingReadIsRefusedNotShrunk() {
        Peregrine p = Peregrine.builder().register(Frozen.class).referenceTracking(true).build();
        Frozen x = new Frozen();
        x.zName = "x";
        Frozen y = new Frozen();
        y.zName = "y";
        x.peers = new java.util.HashSet<>(List.of(y));
        y.peers = java.util.Set.of(x, "p", "q");
        y.marks = Map.of(x, "1", "k", "2");
        x.marks = new HashMap<>();
        UnsupportedTypeException e = assertThrows(UnsupportedTypeException.class,
                () -> p.deserialize(p.serialize(x), Frozen.class));
        assertTrue(e.getMessage().contains("was made while objects it holds were still being read"), e.getMessage());
    }

    @Test
    void selfReferencingArray() {
        Object[] array = new Object[2];
        array[0] = array;
        array[1] = "x";
        Object[] back = (Object[]) tracking.deserialize(tracking.serialize(array));
        assertSame(back, back[0]);
    }

    @Test
    void withoutTrackingACycleHitsTheDepthLimit() {
        Node a = new Node();
        a.next = a;
        LimitExceededException e = assertThrows(LimitExceededException.class, () -> plain.serialize(a));
        assertTrue(e.getMessage().contains("referenceTracking"), e.getMessage());
    }

    @Test
    void referenceCountIsLimited() {
        Peregrine few = Peregrine.builder().referenceTracking(true).maxReferences(10).build();
        List<Object> lists = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            lists.add(new ArrayList<>());
        }
        byte[] bytes = few.serialize(lists);
        LimitExceededException e = assertThrows(LimitExceededException.class, () -> few.deserialize(bytes));
        assertTrue(e.getMessage().contains("tracked"), e.getMessage());
        Peregrine enough = Peregrine.builder().referenceTracking(true).maxReferences(21).build();
        assertEquals(lists, enough.deserialize(bytes));
    }

    @Test
    void aDeepChainWithinTheLimitIsFine() {
        Node head = new Node();
        Node n = head;
        for (int i = 0; i < 90; i++) {
            n.next = new Node();
            n = n.next;
        }
        Node back = plain.deserialize(plain.serialize(head), Node.class);
        int length = 0;
        for (Node x = back; x != null; x = x.next) {
            length++;
        }
        assertEquals(91, length);
    }
}

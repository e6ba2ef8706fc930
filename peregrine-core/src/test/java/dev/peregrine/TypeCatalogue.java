package dev.peregrine;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.Month;
import java.time.MonthDay;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.Period;
import java.time.Year;
import java.time.YearMonth;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;

/** One or more sample values of every supported type, for tests that run over all of them. */
final class TypeCatalogue {
    enum Suit { CLUBS, DIAMONDS { @Override public String toString() { return "d"; } }, HEARTS, SPADES }

    record Card(Suit suit, int rank) { }

    /** The classes a Peregrine must register to handle every value of {@link #values()}. */
    static final Class<?>[] REGISTERED = {Suit.class, Card.class};

    private TypeCatalogue() {
    }

    static List<Object> values() {
        LocalDateTime ldt = LocalDateTime.of(2026, 1, 2, 3, 4, 5, 6);
        EnumMap<Suit, Integer> enumMap = new EnumMap<>(Suit.class);
        enumMap.put(Suit.HEARTS, 3);
        return List.of(
                true, (byte) -3, (short) 1000, 'z', -42, 1L << 40, 1.5f, -2.25, "text", "\u4e2d\u6587", "\uD800x",
                BigInteger.valueOf(-99), new BigDecimal("3.14159"), new UUID(1, 2), Optional.of("o"), Optional.empty(),
                OptionalInt.of(1), OptionalLong.empty(), OptionalDouble.of(0.5),
                Instant.ofEpochSecond(1_700_000_000L, 5), LocalDate.of(2026, 11, 22), LocalTime.of(23, 59), ldt,
                OffsetDateTime.of(ldt, ZoneOffset.ofHours(2)), OffsetTime.of(LocalTime.NOON, ZoneOffset.UTC),
                ZonedDateTime.of(ldt, ZoneId.of("Asia/Tokyo")), Duration.ofMillis(1500), Period.ofWeeks(2),
                Year.of(2026), YearMonth.of(2026, 11), MonthDay.of(11, 22), ZoneOffset.ofHours(-3),
                ZoneId.of("Europe/Berlin"), DayOfWeek.MONDAY, Month.MAY,
                new boolean[] {true}, new byte[] {1}, new short[] {2}, new char[] {'c'}, new int[] {3},
                new long[] {4}, new float[] {5}, new double[] {6}, new String[] {"s", null}, new int[][] {{1}, null},
                new Object[] {1, "x"}, Suit.DIAMONDS, new Card(Suit.SPADES, 12), new Card[] {new Card(Suit.CLUBS, 2)},
                new ArrayList<>(List.of(1, 2)), new LinkedList<>(List.of("l")), new ArrayDeque<>(List.of(1)),
                new HashSet<>(Set.of(1)), new LinkedHashSet<>(List.of(2, 1)), new TreeSet<>(Set.of(3, 1)),
                new HashMap<>(Map.of("k", 1)), new LinkedHashMap<>(Map.of(1, "v")), new TreeMap<>(Map.of("b", 2, "a", 1)),
                EnumSet.of(Suit.CLUBS, Suit.SPADES), enumMap, List.of(1, 2, 3), Set.of("s"), Map.of("m", 1),
                Collections.unmodifiableList(new ArrayList<>(List.of(1))), Collections.emptyList(),
                Collections.singletonMap("k", "v"), Arrays.asList("a", "b"),
                new ArrayList<>(List.of(new Card(Suit.HEARTS, 1), new Card(Suit.HEARTS, 2))));
    }
}

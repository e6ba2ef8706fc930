package dev.peregrine;

import org.junit.jupiter.api.Test;

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
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.UUID;

import static dev.peregrine.RoundTrip.check;

class ScalarTypesTest {
    private final Peregrine p = Peregrine.builder().build();

    @Test
    void boxedPrimitivesAtTheirExtremes() {
        for (Object v : new Object[] {true, false, (byte) 0, Byte.MIN_VALUE, Byte.MAX_VALUE, (short) 0,
                Short.MIN_VALUE, Short.MAX_VALUE, 'a', Character.MIN_VALUE, Character.MAX_VALUE, 0, -1,
                Integer.MIN_VALUE, Integer.MAX_VALUE, 0L, Long.MIN_VALUE, Long.MAX_VALUE, 0f, -0f,
                Float.NaN, Float.MIN_VALUE, Float.POSITIVE_INFINITY, 0d, -0d, Double.NaN, Double.MAX_VALUE,
                Double.NEGATIVE_INFINITY}) {
            check(p, v);
        }
    }

    @Test
    void nullRoot() {
        check(p, null, 2);
    }

    @Test
    void bigNumbers() {
        for (Object v : new Object[] {BigInteger.ZERO, BigInteger.ONE.negate(), BigInteger.TWO.pow(300),
                BigInteger.TWO.pow(300).negate(), new BigDecimal("0.000"), new BigDecimal("-123456789.987654321"),
                new BigDecimal("1E+400"), new BigDecimal(BigInteger.TEN.pow(50), -7)}) {
            check(p, v);
        }
    }

    @Test
    void uuidAndOptionals() {
        check(p, UUID.randomUUID());
        check(p, new UUID(0, 0));
        check(p, Optional.empty());
        check(p, Optional.of("x"));
        check(p, Optional.of(Optional.of(42)));
        check(p, OptionalInt.empty());
        check(p, OptionalInt.of(-7));
        check(p, OptionalLong.of(Long.MIN_VALUE));
        check(p, OptionalLong.empty());
        check(p, OptionalDouble.of(2.5));
        check(p, OptionalDouble.empty());
    }

    @Test
    void javaTime() {
        LocalDateTime ldt = LocalDateTime.of(2026, 11, 22, 10, 15, 30, 123_456_789);
        for (Object v : new Object[] {Instant.EPOCH, Instant.ofEpochSecond(-1, 999_999_999), Instant.MAX,
                Instant.MIN, LocalDate.MIN, LocalDate.MAX, LocalDate.of(2024, 2, 29), LocalTime.MIDNIGHT,
                LocalTime.MAX, ldt, OffsetDateTime.of(ldt, ZoneOffset.ofHours(-5)),
                OffsetTime.of(LocalTime.NOON, ZoneOffset.MAX), ZonedDateTime.of(ldt, ZoneId.of("Europe/Paris")),
                ZonedDateTime.of(ldt, ZoneOffset.UTC), Duration.ZERO, Duration.ofSeconds(-5, 3),
                Period.of(1, -2, 3), Year.of(-44), YearMonth.of(1999, 12), MonthDay.of(2, 29), ZoneOffset.UTC,
                ZoneId.of("America/New_York"), DayOfWeek.SUNDAY, Month.FEBRUARY}) {
            check(p, v);
        }
    }
}

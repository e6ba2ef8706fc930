package dev.peregrine.codec;

import dev.peregrine.buffer.BufferReader;
import dev.peregrine.buffer.BufferWriter;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.MonthDay;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.Period;
import java.time.Year;
import java.time.YearMonth;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;

/**
 * Codecs of the common {@code java.time} types, each as its fields: a date as year (zigzag varint),
 * month and day (a byte each); a time as hour, minute, second (a byte each) and nanosecond (varint);
 * an offset as its total seconds (zigzag varint); a zone by its id. Values out of range throw the
 * JDK's {@code DateTimeException}, which the caller turns into a format error.
 */
final class TimeCodecs {
    static final TypeCodec<LocalDate> LOCAL_DATE = new ScalarCodec<>(TimeCodecs::writeDate, TimeCodecs::readDate);
    static final TypeCodec<LocalTime> LOCAL_TIME = new ScalarCodec<>(TimeCodecs::writeTime, TimeCodecs::readTime);
    static final TypeCodec<LocalDateTime> LOCAL_DATE_TIME = new ScalarCodec<>(
            TimeCodecs::writeDateTime, i -> LocalDateTime.of(readDate(i), readTime(i)));
    static final TypeCodec<ZoneOffset> ZONE_OFFSET = new ScalarCodec<>(
            (o, v) -> o.writeVarInt(v.getTotalSeconds()), i -> ZoneOffset.ofTotalSeconds(i.readVarInt()));
    static final TypeCodec<ZoneId> ZONE_REGION = new ScalarCodec<>(
            (o, v) -> o.writeString(v.getId()), i -> ZoneId.of(i.readString()));
    static final TypeCodec<Instant> INSTANT = new ScalarCodec<>(
            (o, v) -> {
                o.writeVarLong(v.getEpochSecond());
                o.writeVarUInt(v.getNano());
            },
            i -> Instant.ofEpochSecond(i.readVarLong(), i.readVarUInt()));
    static final TypeCodec<Duration> DURATION = new ScalarCodec<>(
            (o, v) -> {
                o.writeVarLong(v.getSeconds());
                o.writeVarUInt(v.getNano());
            },
            i -> Duration.ofSeconds(i.readVarLong(), i.readVarUInt()));
    static final TypeCodec<OffsetDateTime> OFFSET_DATE_TIME = new ScalarCodec<>(
            (o, v) -> {
                writeDateTime(o, v.toLocalDateTime());
                o.writeVarInt(v.getOffset().getTotalSeconds());
            },
            i -> OffsetDateTime.of(LocalDateTime.of(readDate(i), readTime(i)), ZoneOffset.ofTotalSeconds(i.readVarInt())));
    static final TypeCodec<OffsetTime> OFFSET_TIME = new ScalarCodec<>(
            (o, v) -> {
                writeTime(o, v.toLocalTime());
                o.writeVarInt(v.getOffset().getTotalSeconds());
            },
            i -> OffsetTime.of(readTime(i), ZoneOffset.ofTotalSeconds(i.readVarInt())));
    static final TypeCodec<ZonedDateTime> ZONED_DATE_TIME = new ScalarCodec<>(
            (o, v) -> {
                writeDateTime(o, v.toLocalDateTime());
                o.writeVarInt(v.getOffset().getTotalSeconds());
                o.writeString(v.getZone().getId());
            },
            i -> {
                LocalDateTime ldt = LocalDateTime.of(readDate(i), readTime(i));
                ZoneOffset offset = ZoneOffset.ofTotalSeconds(i.readVarInt());
                return ZonedDateTime.ofStrict(ldt, offset, ZoneId.of(i.readString()));
            });
    static final TypeCodec<Period> PERIOD = new ScalarCodec<>(
            (o, v) -> {
                o.writeVarInt(v.getYears());
                o.writeVarInt(v.getMonths());
                o.writeVarInt(v.getDays());
            },
            i -> Period.of(i.readVarInt(), i.readVarInt(), i.readVarInt()));
    static final TypeCodec<Year> YEAR = new ScalarCodec<>((o, v) -> o.writeVarInt(v.getValue()), i -> Year.of(i.readVarInt()));
    static final TypeCodec<YearMonth> YEAR_MONTH = new ScalarCodec<>(
            (o, v) -> {
                o.writeVarInt(v.getYear());
                o.writeByte(v.getMonthValue());
            },
            i -> YearMonth.of(i.readVarInt(), i.readByte()));
    static final TypeCodec<MonthDay> MONTH_DAY = new ScalarCodec<>(
            (o, v) -> {
                o.writeByte(v.getMonthValue());
                o.writeByte(v.getDayOfMonth());
            },
            i -> MonthDay.of(i.readByte(), i.readByte()));

    private TimeCodecs() {
    }

    private static void writeDateTime(BufferWriter o, LocalDateTime v) {
        writeDate(o, v.toLocalDate());
        writeTime(o, v.toLocalTime());
    }

    private static void writeDate(BufferWriter o, LocalDate v) {
        o.writeVarInt(v.getYear());
        o.writeByte(v.getMonthValue());
        o.writeByte(v.getDayOfMonth());
    }

    private static LocalDate readDate(BufferReader i) {
        return LocalDate.of(i.readVarInt(), i.readByte(), i.readByte());
    }

    private static void writeTime(BufferWriter o, LocalTime v) {
        o.writeByte(v.getHour());
        o.writeByte(v.getMinute());
        o.writeByte(v.getSecond());
        o.writeVarUInt(v.getNano());
    }

    private static LocalTime readTime(BufferReader i) {
        return LocalTime.of(i.readByte(), i.readByte(), i.readByte(), i.readVarUInt());
    }
}

package dev.peregrine.benchmarks.hand;

import dev.peregrine.benchmarks.fixtures.Acceleration;
import dev.peregrine.benchmarks.fixtures.BooleanType;
import dev.peregrine.benchmarks.fixtures.Car;
import dev.peregrine.benchmarks.fixtures.Engine;
import dev.peregrine.benchmarks.fixtures.FuelFigure;
import dev.peregrine.benchmarks.fixtures.Model;
import dev.peregrine.benchmarks.fixtures.OptionalExtras;
import dev.peregrine.benchmarks.fixtures.PerformanceFigure;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;

/**
 * Hand-written codec of {@link Car}: the bytes of Peregrine's same-schema {@code Codec} after its header
 * and fingerprint. Each object is a bitmap (a bit per reference field, set when present), then its
 * fields in layout order: {@code byte}, {@code float}, {@code short}, {@code long}, then references by
 * name. A {@code Car} is
 * <pre>
 * bitmap(2 bytes) modelYear serialNumber available? code? engine? extras? fuelFigures? manufacturer?
 * model? performanceFigures? someNumbers? vehicleCode?
 * </pre>
 * with shorts and longs as zigzag varints, enums as their ordinal, {@code int[]} as a count then zigzag
 * varints, strings as {@link ByteSink#writeString}. Final classes and enums carry no tag; the extras are
 * {@code EnumSet} tag, {@code DECLARED}, then a bitmask of ordinals; a list is the {@code ArrayList} tag,
 * the element header {@code count << 3 | SAME_TYPE | DECLARED} (0 when empty), then each element's
 * object. The fixture's lists are {@code ArrayList}s with no null elements.
 */
final class CarCodec implements HandCodec {
    private static final int ARRAY_LIST = 44;
    private static final int ENUM_SET = 53;
    private static final int DECLARED = 1;
    /** Element header flags: every element present and of the list's declared element class. */
    private static final int SAME_DECLARED_TYPE = 6;

    private static final Model[] MODELS = Model.values();
    private static final BooleanType[] BOOLEANS = BooleanType.values();
    private static final OptionalExtras[] EXTRAS = OptionalExtras.values();

    @Override
    public void write(Object value, ByteSink out) {
        Car c = (Car) value;
        out.writeByte(bit(c.available, 0x01) | bit(c.code, 0x02) | bit(c.engine, 0x04) | bit(c.extras, 0x08)
                | bit(c.fuelFigures, 0x10) | bit(c.manufacturer, 0x20) | bit(c.model, 0x40)
                | bit(c.performanceFigures, 0x80));
        out.writeByte(bit(c.someNumbers, 0x01) | bit(c.vehicleCode, 0x02));
        out.writeVarInt(c.modelYear);
        out.writeVarLong(c.serialNumber);
        // Perf: enum ordinals and the extras' mask are below 128, so their varints are one byte.
        if (c.available != null) {
            out.writeByte(c.available.ordinal());
        }
        if (c.code != null) {
            out.writeByte(c.code.ordinal());
        }
        if (c.engine != null) {
            writeEngine(c.engine, out);
        }
        if (c.extras != null) {
            writeExtras(c.extras, out);
        }
        if (c.fuelFigures != null) {
            writeFuelFigures(c.fuelFigures, out);
        }
        if (c.manufacturer != null) {
            out.writeString(c.manufacturer);
        }
        if (c.model != null) {
            out.writeString(c.model);
        }
        if (c.performanceFigures != null) {
            writePerformanceFigures(c.performanceFigures, out);
        }
        if (c.someNumbers != null) {
            writeInts(c.someNumbers, out);
        }
        if (c.vehicleCode != null) {
            out.writeString(c.vehicleCode);
        }
    }

    private static int bit(Object field, int bit) {
        return field != null ? bit : 0;
    }

    private static void writeEngine(Engine e, ByteSink out) {
        out.writeByte(bit(e.manufacturerCode, 0x01));
        out.writeByte(e.numCylinders);
        out.writeVarInt(e.capacity);
        if (e.manufacturerCode != null) {
            out.writeString(e.manufacturerCode);
        }
    }

    private static void writeExtras(EnumSet<OptionalExtras> extras, ByteSink out) {
        out.writeByte(ENUM_SET);
        out.writeByte(DECLARED);
        int mask = 0;
        for (int i = 0; i < EXTRAS.length; i++) {
            if (extras.contains(EXTRAS[i])) {
                mask |= 1 << i;
            }
        }
        out.writeByte(mask);
    }

    private static void writeFuelFigures(List<FuelFigure> figures, ByteSink out) {
        int n = figures.size();
        out.writeByte(ARRAY_LIST);
        out.writeVarUInt(elementsHeader(n));
        for (int i = 0; i < n; i++) {
            FuelFigure f = figures.get(i);
            out.writeFloat(f.mpg);
            out.writeVarInt(f.speed);
        }
    }

    private static void writePerformanceFigures(List<PerformanceFigure> figures, ByteSink out) {
        int n = figures.size();
        out.writeByte(ARRAY_LIST);
        out.writeVarUInt(elementsHeader(n));
        for (int i = 0; i < n; i++) {
            PerformanceFigure p = figures.get(i);
            out.writeByte(bit(p.acceleration, 0x01));
            out.writeByte(p.octaneRating);
            if (p.acceleration != null) {
                writeAccelerations(p.acceleration, out);
            }
        }
    }

    private static void writeAccelerations(List<Acceleration> accelerations, ByteSink out) {
        int n = accelerations.size();
        out.writeByte(ARRAY_LIST);
        out.writeVarUInt(elementsHeader(n));
        for (int i = 0; i < n; i++) {
            Acceleration a = accelerations.get(i);
            out.writeFloat(a.seconds);
            out.writeVarInt(a.mph);
        }
    }

    private static int elementsHeader(int count) {
        return count == 0 ? 0 : count << 3 | SAME_DECLARED_TYPE;
    }

    private static void writeInts(int[] values, ByteSink out) {
        out.writeVarUInt(values.length);
        for (int v : values) {
            out.writeVarInt(v);
        }
    }

    @Override
    public Object read(ByteSource in) {
        Car c = new Car();
        int present = in.readByte() & 0xFF | (in.readByte() & 0xFF) << 8;
        c.modelYear = (short) in.readVarInt();
        c.serialNumber = in.readVarLong();
        if ((present & 0x01) != 0) {
            c.available = BOOLEANS[in.readByte()];
        }
        if ((present & 0x02) != 0) {
            c.code = MODELS[in.readByte()];
        }
        if ((present & 0x04) != 0) {
            c.engine = readEngine(in);
        }
        if ((present & 0x08) != 0) {
            c.extras = readExtras(in);
        }
        if ((present & 0x10) != 0) {
            c.fuelFigures = readFuelFigures(in);
        }
        if ((present & 0x20) != 0) {
            c.manufacturer = in.readString();
        }
        if ((present & 0x40) != 0) {
            c.model = in.readString();
        }
        if ((present & 0x80) != 0) {
            c.performanceFigures = readPerformanceFigures(in);
        }
        if ((present & 0x100) != 0) {
            c.someNumbers = readInts(in);
        }
        if ((present & 0x200) != 0) {
            c.vehicleCode = in.readString();
        }
        return c;
    }

    private static Engine readEngine(ByteSource in) {
        int present = in.readByte();
        Engine e = new Engine();
        e.numCylinders = in.readByte();
        e.capacity = (short) in.readVarInt();
        if ((present & 0x01) != 0) {
            e.manufacturerCode = in.readString();
        }
        return e;
    }

    private static EnumSet<OptionalExtras> readExtras(ByteSource in) {
        in.readByte(); // ENUM_SET
        in.readByte(); // DECLARED
        int mask = in.readByte();
        EnumSet<OptionalExtras> extras = EnumSet.noneOf(OptionalExtras.class);
        for (int i = 0; i < EXTRAS.length; i++) {
            if ((mask & 1 << i) != 0) {
                extras.add(EXTRAS[i]);
            }
        }
        return extras;
    }

    private static List<FuelFigure> readFuelFigures(ByteSource in) {
        in.readByte(); // ARRAY_LIST
        int n = in.readVarUInt() >>> 3;
        List<FuelFigure> figures = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            float mpg = in.readFloat();
            figures.add(new FuelFigure((short) in.readVarInt(), mpg));
        }
        return figures;
    }

    private static List<PerformanceFigure> readPerformanceFigures(ByteSource in) {
        in.readByte(); // ARRAY_LIST
        int n = in.readVarUInt() >>> 3;
        List<PerformanceFigure> figures = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            int present = in.readByte();
            byte octaneRating = in.readByte();
            List<Acceleration> acceleration = (present & 0x01) != 0 ? readAccelerations(in) : null;
            figures.add(new PerformanceFigure(octaneRating, acceleration));
        }
        return figures;
    }

    private static List<Acceleration> readAccelerations(ByteSource in) {
        in.readByte(); // ARRAY_LIST
        int n = in.readVarUInt() >>> 3;
        List<Acceleration> accelerations = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            float seconds = in.readFloat();
            accelerations.add(new Acceleration((short) in.readVarInt(), seconds));
        }
        return accelerations;
    }

    private static int[] readInts(ByteSource in) {
        int[] values = new int[in.readVarUInt()];
        for (int i = 0; i < values.length; i++) {
            values[i] = in.readVarInt();
        }
        return values;
    }
}

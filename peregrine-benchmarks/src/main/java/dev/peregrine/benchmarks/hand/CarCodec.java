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

/** Hand-written codec of {@link Car}: fixed-width scalars, enums as ordinal bytes, extras as a bit set. */
final class CarCodec implements HandCodec {
    private static final Model[] MODELS = Model.values();
    private static final BooleanType[] BOOLEANS = BooleanType.values();
    private static final OptionalExtras[] EXTRAS = OptionalExtras.values();

    @Override
    public void write(Object value, ByteSink out) {
        Car c = (Car) value;
        out.writeLong(c.serialNumber);
        out.writeShort(c.modelYear);
        out.writeByte(c.available.ordinal());
        out.writeByte(c.code.ordinal());
        out.writeVarInt(c.someNumbers.length);
        for (int n : c.someNumbers) {
            out.writeInt(n);
        }
        out.writeString(c.vehicleCode);
        int extras = 0;
        for (OptionalExtras e : c.extras) {
            extras |= 1 << e.ordinal();
        }
        out.writeByte(extras);
        out.writeShort(c.engine.capacity);
        out.writeByte(c.engine.numCylinders);
        out.writeString(c.engine.manufacturerCode);
        out.writeVarInt(c.fuelFigures.size());
        for (FuelFigure f : c.fuelFigures) {
            out.writeShort(f.speed);
            out.writeFloat(f.mpg);
        }
        out.writeVarInt(c.performanceFigures.size());
        for (PerformanceFigure p : c.performanceFigures) {
            out.writeByte(p.octaneRating);
            out.writeVarInt(p.acceleration.size());
            for (Acceleration a : p.acceleration) {
                out.writeShort(a.mph);
                out.writeFloat(a.seconds);
            }
        }
        out.writeString(c.manufacturer);
        out.writeString(c.model);
    }

    @Override
    public Object read(ByteSource in) {
        Car c = new Car();
        c.serialNumber = in.readLong();
        c.modelYear = in.readShort();
        c.available = BOOLEANS[in.readByte()];
        c.code = MODELS[in.readByte()];
        c.someNumbers = new int[in.readVarInt()];
        for (int i = 0; i < c.someNumbers.length; i++) {
            c.someNumbers[i] = in.readInt();
        }
        c.vehicleCode = in.readString();
        int extras = in.readByte();
        c.extras = EnumSet.noneOf(OptionalExtras.class);
        for (OptionalExtras e : EXTRAS) {
            if ((extras & 1 << e.ordinal()) != 0) {
                c.extras.add(e);
            }
        }
        c.engine = new Engine(in.readShort(), in.readByte(), in.readString());
        int fuelCount = in.readVarInt();
        c.fuelFigures = new ArrayList<>(fuelCount);
        for (int i = 0; i < fuelCount; i++) {
            c.fuelFigures.add(new FuelFigure(in.readShort(), in.readFloat()));
        }
        int perfCount = in.readVarInt();
        c.performanceFigures = new ArrayList<>(perfCount);
        for (int i = 0; i < perfCount; i++) {
            byte octane = in.readByte();
            int accCount = in.readVarInt();
            List<Acceleration> acc = new ArrayList<>(accCount);
            for (int j = 0; j < accCount; j++) {
                acc.add(new Acceleration(in.readShort(), in.readFloat()));
            }
            c.performanceFigures.add(new PerformanceFigure(octane, acc));
        }
        c.manufacturer = in.readString();
        c.model = in.readString();
        return c;
    }
}

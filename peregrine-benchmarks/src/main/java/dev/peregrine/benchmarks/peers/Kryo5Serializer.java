package dev.peregrine.benchmarks.peers;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import com.esotericsoftware.kryo.util.DefaultInstantiatorStrategy;
import dev.peregrine.benchmarks.fixtures.Fixture;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import org.objenesis.strategy.StdInstantiatorStrategy;

/**
 * Kryo 5: registration required, references off, {@code writeObject}/{@code readObject} with the known root
 * class, one reused {@link Output}.
 */
final class Kryo5Serializer implements Serializer {
    /** The settings as the report lists them. */
    static final String SETTINGS = "Kryo 5.6.2; registrationRequired=true, references=false, "
            + "DefaultInstantiatorStrategy falling back to Objenesis, "
            + "writeObject/readObject with the root class, reused Output/Input, default FieldSerializer";

    private final Kryo kryo = new Kryo();
    private final Output output = new Output(64 * 1024, -1);
    private final Output arrayOutput = new Output();
    private final Input input = new Input();
    private final Class<?> rootType;

    Kryo5Serializer(Fixture fixture) {
        rootType = fixture.rootType();
        kryo.setRegistrationRequired(true);
        kryo.setReferences(false);
        // Classes without a no-arg constructor (BeanWithPropertyConstructor) are created without one.
        kryo.setInstantiatorStrategy(new DefaultInstantiatorStrategy(new StdInstantiatorStrategy()));
        for (Class<?> type : new Class<?>[] {ArrayList.class, HashMap.class, EnumSet.class, int[].class,
                long[].class, float[].class, double[].class, short[].class, char[].class, boolean[].class}) {
            kryo.register(type);
        }
        for (Class<?> type : fixture.classes()) {
            kryo.register(type);
        }
    }

    @Override
    public String name() {
        return "kryo";
    }

    @Override
    public byte[] serialize(Object value) {
        output.reset();
        kryo.writeObject(output, value);
        return output.toBytes();
    }

    @Override
    public boolean encodesIntoArray() {
        return true;
    }

    @Override
    public int serialize(Object value, byte[] buffer) {
        arrayOutput.setBuffer(buffer, buffer.length);
        kryo.writeObject(arrayOutput, value);
        return arrayOutput.position();
    }

    @Override
    public Object deserialize(byte[] bytes) {
        input.setBuffer(bytes);
        return kryo.readObject(input, rootType);
    }
}

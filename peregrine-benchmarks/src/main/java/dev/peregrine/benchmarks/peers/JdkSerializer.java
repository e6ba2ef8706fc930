package dev.peregrine.benchmarks.peers;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.UncheckedIOException;

/** JDK serialization: {@link ObjectOutputStream} into a byte array and back. */
final class JdkSerializer implements Serializer {
    /** The settings as the report lists them. */
    static final String SETTINGS = "java.io.ObjectOutputStream/ObjectInputStream over byte arrays; "
            + "always tracks references and writes class descriptors";

    @Override
    public String name() {
        return "jdk";
    }

    @Override
    public byte[] serialize(Object value) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(256);
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    @Override
    public Object deserialize(byte[] bytes) {
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes))) {
            return in.readObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }
}

package dev.peregrine.benchmarks.peers;

import com.google.gson.Gson;
import dev.peregrine.benchmarks.fixtures.Fixture;
import java.nio.charset.StandardCharsets;

/** Gson with default settings: JSON text through a {@code String}, then UTF-8 bytes. */
final class GsonSerializer implements Serializer {
    /** The settings as the report lists them. */
    static final String SETTINGS = "Gson 2.13.2; new Gson(), toJson(value, rootType) to String then UTF-8 bytes, "
            + "fromJson(String, rootType); fields only, nulls omitted";

    private final Gson gson = new Gson();
    private final Class<?> rootType;

    GsonSerializer(Fixture fixture) {
        rootType = fixture.rootType();
    }

    @Override
    public String name() {
        return "gson";
    }

    @Override
    public byte[] serialize(Object value) {
        return gson.toJson(value, rootType).getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public Object deserialize(byte[] bytes) {
        return gson.fromJson(new String(bytes, StandardCharsets.UTF_8), rootType);
    }
}

package dev.peregrine.compat;

import dev.peregrine.codec.TypeResolver;
import dev.peregrine.type.DeniedClasses;

import java.util.Map;

/**
 * What translators need from the instance that reads: codecs, and the classes a written def may name.
 * A def names classes by name; a name resolves only to a registered class, a class the reading class
 * itself declares, a primitive, or a JDK class of the bootstrap loader (never loaded by any other
 * loader, never initialised), so a payload cannot make a reader load classes of its choosing.
 */
public final class Schemas {
    private final TypeResolver resolver;
    private final Map<String, Class<?>> registered;
    private final Map<Integer, Class<?>> byId;

    /**
     * @param resolver   codecs and tags
     * @param registered registered classes by name
     * @param byId       registered classes by id
     */
    public Schemas(TypeResolver resolver, Map<String, Class<?>> registered, Map<Integer, Class<?>> byId) {
        this.resolver = resolver;
        this.registered = Map.copyOf(registered);
        this.byId = Map.copyOf(byId);
    }

    /**
     * @param id a user id
     * @return the class registered with it, or null
     */
    Class<?> userClass(int id) {
        return byId.get(id);
    }

    /** @return the resolver */
    TypeResolver resolver() {
        return resolver;
    }

    /**
     * @param name     a class name from a def
     * @param declared classes the reading class declares, by name
     * @return the class, or null when this reader does not have it or may not load it
     */
    Class<?> classNamed(String name, Map<String, Class<?>> declared) {
        Class<?> c = registered.get(name);
        if (c == null) {
            c = declared.get(name);
        }
        if (c == null) {
            c = primitive(name);
        }
        if (c == null && name.startsWith("java.") && !DeniedClasses.isDenied(name)) {
            try {
                c = Class.forName(name, false, null);
            } catch (ClassNotFoundException | LinkageError e) {
                return null;
            }
        }
        return c;
    }

    private static Class<?> primitive(String name) {
        return switch (name) {
            case "boolean" -> boolean.class;
            case "byte" -> byte.class;
            case "short" -> short.class;
            case "char" -> char.class;
            case "int" -> int.class;
            case "long" -> long.class;
            case "float" -> float.class;
            case "double" -> double.class;
            default -> null;
        };
    }
}

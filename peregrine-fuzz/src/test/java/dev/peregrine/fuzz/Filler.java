package dev.peregrine.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;

import java.lang.reflect.Array;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds an object of a fixture class with every field drawn from fuzzer data: primitives of any
 * value, strings of any UTF-16 content (lone surrogates included), nulls, nested objects, lists,
 * maps, arrays and enum sets of fuzzed sizes. Not a general tool: it knows the shapes the fixtures use.
 */
final class Filler {
    private static final int MAX_DEPTH = 4;
    private final FuzzedDataProvider data;

    Filler(FuzzedDataProvider data) {
        this.data = data;
    }

    Object fill(Type type, int depth) {
        Class<?> raw = type instanceof ParameterizedType p ? (Class<?>) p.getRawType() : (Class<?>) type;
        if (raw.isPrimitive()) {
            return primitive(raw);
        }
        if (!raw.isArray() && depth > 0 && data.consumeInt(0, 7) == 0) {
            return null;
        }
        Object boxed = boxedOrText(raw);
        if (boxed != null) {
            return boxed;
        }
        if (raw.isEnum()) {
            Object[] constants = raw.getEnumConstants();
            return constants[data.consumeInt(0, constants.length - 1)];
        }
        if (raw.isArray()) {
            int n = depth >= MAX_DEPTH ? 0 : data.consumeInt(0, 6);
            Object array = Array.newInstance(raw.getComponentType(), n);
            for (int i = 0; i < n; i++) {
                Object element = fill(raw.getComponentType(), depth + 1);
                if (element != null || !raw.getComponentType().isPrimitive()) {
                    Array.set(array, i, element);
                }
            }
            return array;
        }
        if (List.class.isAssignableFrom(raw) || Map.class.isAssignableFrom(raw) || EnumSet.class.isAssignableFrom(raw)) {
            return container(raw, (ParameterizedType) type, depth);
        }
        return object(raw, depth);
    }

    private static boolean hasNoArg(Class<?> raw) {
        try {
            raw.getDeclaredConstructor();
            return true;
        } catch (NoSuchMethodException e) {
            return false;
        }
    }

    private Object primitive(Class<?> c) {
        if (c == int.class) {
            return data.consumeInt();
        } else if (c == long.class) {
            return data.consumeLong();
        } else if (c == double.class) {
            return data.consumeDouble();
        } else if (c == float.class) {
            return data.consumeFloat();
        } else if (c == short.class) {
            return data.consumeShort();
        } else if (c == byte.class) {
            return data.consumeByte();
        } else if (c == char.class) {
            return data.consumeChar();
        }
        return data.consumeBoolean();
    }

    private Object boxedOrText(Class<?> c) {
        if (c == String.class) {
            return data.consumeString(40);
        }
        if (c == Integer.class || c == Long.class || c == Double.class || c == Float.class || c == Short.class
                || c == Byte.class || c == Character.class || c == Boolean.class) {
            return primitive((Class<?>) java.lang.invoke.MethodType.methodType(c).unwrap().returnType());
        }
        return null;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private Object container(Class<?> raw, ParameterizedType type, int depth) {
        Type[] args = type.getActualTypeArguments();
        int n = depth >= MAX_DEPTH ? 0 : data.consumeInt(0, 5);
        if (EnumSet.class.isAssignableFrom(raw)) {
            EnumSet set = EnumSet.noneOf((Class) args[0]);
            for (int i = 0; i < n; i++) {
                Object constant = fill(args[0], MAX_DEPTH);
                if (constant != null) {
                    set.add(constant);
                }
            }
            return set;
        }
        if (Map.class.isAssignableFrom(raw)) {
            Map<Object, Object> map = new HashMap<>();
            for (int i = 0; i < n; i++) {
                map.put(fill(args[0], depth + 1), fill(args[1], depth + 1));
            }
            return map;
        }
        List<Object> list = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            list.add(fill(args[0], depth + 1));
        }
        return list;
    }

    private Object object(Class<?> raw, int depth) {
        try {
            Constructor<?> widest = null;
            for (Constructor<?> c : raw.getDeclaredConstructors()) {
                if (widest == null || c.getParameterCount() > widest.getParameterCount()) {
                    widest = c;
                }
            }
            if (widest != null && widest.getParameterCount() > 0 && !hasNoArg(raw)) {
                Object[] args = new Object[widest.getParameterCount()];
                Type[] types = widest.getGenericParameterTypes();
                for (int i = 0; i < args.length; i++) {
                    args[i] = depth >= MAX_DEPTH && !widest.getParameterTypes()[i].isPrimitive()
                            ? null : fill(types[i], depth + 1);
                }
                widest.setAccessible(true);
                return widest.newInstance(args);
            }
            Constructor<?> noArg = raw.getDeclaredConstructor();
            noArg.setAccessible(true);
            Object o = noArg.newInstance();
            for (Class<?> c = raw; c != Object.class; c = c.getSuperclass()) {
                for (Field f : c.getDeclaredFields()) {
                    int mod = f.getModifiers();
                    if (Modifier.isStatic(mod) || Modifier.isTransient(mod) || Modifier.isFinal(mod)) {
                        continue;
                    }
                    f.setAccessible(true);
                    Object v = depth >= MAX_DEPTH && !f.getType().isPrimitive() ? null : fill(f.getGenericType(), depth + 1);
                    if (v != null || !f.getType().isPrimitive()) {
                        f.set(o, v);
                    }
                }
            }
            return o;
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot fill " + raw.getName(), e);
        }
    }
}

package dev.peregrine.codegen;

/** Twenty fields of mixed kinds, for first-use measurements. */
final class Fields20 {
    private int id;
    private long timestamp;
    private String name;
    private String description;
    private double price;
    private float weight;
    private boolean active;
    private boolean deleted;
    private short rank;
    private byte level;
    private char grade;
    private Integer count;
    private Long version;
    private int width;
    private int height;
    private long created;
    private String owner;
    private double ratio;
    private java.util.List<String> tags;
    private int[] values;
}

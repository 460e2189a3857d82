// Names shown to people come from the engine's tables (posenc.names): an identifier without a
// label there is shown as it is.

/** The label the engine gives a name in one of its tables (posenc.names.scheme, ...), or the name itself. */
export const nameLabel = (list, name) => list.find((entry) => entry.name === name)?.label ?? name;

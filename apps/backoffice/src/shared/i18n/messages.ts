/** The shape of a language's texts: every string of English, each a string in the other. */
export type Messages<T> = { [K in keyof T]: T[K] extends string ? string : Messages<T[K]> };

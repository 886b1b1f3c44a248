/** A search term as an SQL LIKE pattern that matches it anywhere, its wildcards (%, _) and backslashes escaped. */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const catalogPath: string;
export const outputPath: string;
export function substitutionCount(entry: { message: string; placeholders?: Record<string, { content: string }> }): number;
export function generate(catalog: Record<string, { message: string; placeholders?: Record<string, { content: string }> }>): string;

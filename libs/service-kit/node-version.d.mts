export declare const NODE_MAJOR: number;
export declare function nodeVersionProblem(version?: string): string | null;

export declare const INSTALL_HINT: string;
export declare function findFirefox(): string;

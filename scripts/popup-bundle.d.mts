export interface BundleSize {
  /** Gzipped, summed, in kB. */
  kb: number;
  files: number;
}
export declare const POPUP_BUNDLE_BUDGET_KB: number;
export declare function popupBundleSize(outDir: string): { all: BundleSize; atOpen: BundleSize };

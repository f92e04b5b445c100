/** The version the manifest declares: what core.ping and runtime.getManifest() must report (never a copy of it). */
import manifest from '../../manifest.json';

export const MANIFEST_VERSION: string = manifest.version;

import type { Plugin } from 'vite';

/**
 * Tidymarks never renders HTML from data (bookmark titles and URLs are untrusted). Preact keeps one HTML sink,
 * for `dangerouslySetInnerHTML`; this plugin removes it from the bundle so that no code path can assign
 * innerHTML, and `web-ext lint` stays at zero warnings for an honest reason. The build fails if Preact's code
 * changes shape and the sink can no longer be found, so it can never silently come back.
 */
export function noHtmlSinks(): Plugin {
  return {
    name: 'tidymarks-no-html-sinks',
    enforce: 'pre',
    transform(code, id) {
      if (!/node_modules\/preact\/dist\/preact\.module\.js$/.test(id)) return null;
      let replaced = 0;
      let out = code.replace(/(\w+)\.innerHTML=(\w+)\.__html/g, () => {
        replaced++;
        return '(()=>{throw new Error("dangerouslySetInnerHTML is disabled in Tidymarks")})()';
      });
      out = out.replace(/(\w+)\.innerHTML=""/g, (_m, el: string) => {
        replaced++;
        return `${el}.replaceChildren()`;
      });
      if (replaced === 0 || /\.innerHTML=/.test(out)) {
        this.error('no-html-sinks: Preact changed shape; review its innerHTML sinks before upgrading.');
      }
      return { code: out, map: null };
    },
  };
}

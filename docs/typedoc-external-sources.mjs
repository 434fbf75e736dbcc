/**
 * TypeDoc plugin (typedoc.json `plugin`): no "Defined in" for declarations
 * outside the repository. With `disableGit` every source file gets a link
 * from `sourceLinkTemplate`, so the members an error class inherits from
 * `Error` (`message`, `stack`, `cause`, `captureStackTrace`, … declared in
 * TypeScript's lib.es5.d.ts and @types/node) linked to
 * `github.com/xcap-dev/xcap/blob/main/node_modules/…`, which does not exist.
 * Their "Inherited from Error.message" line stays.
 */
import { Converter } from 'typedoc';

/** A source under a node_modules folder is no file of this repository. */
const outsideTheRepository = (source) => source.fullFileName.split(/[\\/]/).includes('node_modules');

/**
 * @param {import('typedoc').Application} app The TypeDoc application.
 */
export function load(app) {
  app.converter.on(
    Converter.EVENT_RESOLVE_BEGIN,
    (context) => {
      for (const reflection of Object.values(context.project.reflections)) {
        if (reflection.sources?.some(outsideTheRepository)) reflection.sources = reflection.sources.filter((source) => !outsideTheRepository(source));
      }
    },
    -100, // after TypeDoc's SourcePlugin (priority 0) has made the links
  );
}

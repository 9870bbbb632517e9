import { checkLinkHosts } from './linkHosts.js';
import { warnUnsavedChanges } from './unsavedChanges.js';
import { autosaveForms } from './autosave.js';
import { typeaheadInputs } from './typeahead.js';
import { directUploads } from './directUpload.js';
import { editRows } from './rows.js';

/**
 * The editor script's parts (served as one file, `EDITOR_SCRIPT` in ../assets.ts, on the pages
 * that edit: the contribution wizard, drafts and contributions, profile, media-kit and owner-event
 * editing). Each part is a typed function that enhances what the server rendered and finds its
 * own elements; a page without them is left alone. Pages work without the script.
 */
export const EDITOR_ENHANCERS: readonly (() => void)[] = [warnUnsavedChanges, autosaveForms, typeaheadInputs, directUploads, editRows, checkLinkHosts];

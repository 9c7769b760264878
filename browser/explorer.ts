// /explorer.js: the explorer pages' only script, a few small enhancements of pages that work
// without it (live search, copy buttons, the widget preview's height). There is no React in the
// browser on these pages (see pages/index.tsx).
import { enableCopyButtons } from "./explorer/copy-buttons";
import { fitPreviewFrames } from "./explorer/fit-preview-frames";
import { enableLiveSearch } from "./explorer/live-search";

enableCopyButtons();
fitPreviewFrames();
enableLiveSearch();

/** `_faces=1`: a live preview (the type tester, the variable fonts) asks its page's loader for new subsets only. */
export const FACES_PARAM = "_faces";

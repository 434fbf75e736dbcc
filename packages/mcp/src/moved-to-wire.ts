import { errorAnswer as wireErrorAnswer, topLevelId as wireTopLevelId } from '@xcap/wire';

/** `@xcap/wire`'s `errorAnswer`. @deprecated Moved to `@xcap/wire`; this re-export goes in the next minor. */
export const errorAnswer = wireErrorAnswer;

/** `@xcap/wire`'s `topLevelId`. @deprecated Moved to `@xcap/wire`; this re-export goes in the next minor. */
export const topLevelId = wireTopLevelId;

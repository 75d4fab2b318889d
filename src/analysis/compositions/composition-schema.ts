import * as z from 'zod';
import { JsExpression } from './js-expression.js';

/*
 * What kvprefix reads of a Cordis composition, validated with zod. Only the keys the guard uses are
 * typed; every other key of a row (`inject`, `isolate`, …) is kept and ignored, since Cordis plugins
 * own their own config and kvprefix must not reject what DSH accepts.
 */

const jsOr = <T extends z.ZodType>(schema: T) => z.union([schema, z.instanceof(JsExpression)]);

/** A plugin row: `{ id?, name, disabled?, config? }`; `name: cordis:group` rows nest rows in `config`. */
export const rowSchema = z.looseObject({
  id: z.string().min(1).optional(),
  name: z.string().min(1, 'a row needs the plugin name it loads'),
  disabled: jsOr(z.boolean()).optional(),
  group: z.boolean().optional(),
  config: z.unknown().optional(),
});

/** A patch of an existing row, addressed by id; `name` only asserts the target. */
export const patchSchema = z.looseObject({
  id: z.string().min(1, 'a patch addresses its row by id'),
  name: z.string().min(1).optional(),
  disabled: jsOr(z.boolean()).optional(),
  config: z.unknown().optional(),
});

/** `- insert: [rows]` in a patch file or an include's `patches`. */
export const insertSchema = z.object({ insert: z.array(z.unknown()) });

/** The config of `@deepseek-ai/cordis-plugin-include`. */
export const includeConfigSchema = z.looseObject({ path: z.string().min(1), patches: z.array(z.unknown()).optional() });

/** Plugin that splices another composition file in. */
export const INCLUDE_PLUGIN = '@deepseek-ai/cordis-plugin-include';
/** Pseudo-plugin of a row group. */
export const GROUP_PLUGIN = 'cordis:group';

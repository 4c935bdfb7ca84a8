import { zodResolver } from '@hookform/resolvers/zod'
import type { FieldValues, Resolver } from 'react-hook-form'
import type { z } from 'zod'

type WithShow = FieldValues & { show: Record<string, boolean> }

/**
 * A resolver for forms with 'show' checkboxes: the schema is built for the current boxes, so a
 * hidden optional field is not validated (it is sent empty whatever it holds). Values come back
 * as typed (raw): the form builds its multipart body itself.
 */
export function showAwareResolver<V extends WithShow>(schemaFor: (show: V['show']) => z.ZodType): Resolver<V> {
  return (values, context, options) => {
    // The schema checks the shared rules on some of the fields; its input type is not the form's own, hence the cast.
    const schema = schemaFor(values.show) as z.ZodType<unknown, V>
    return zodResolver(schema, undefined, { raw: true })(values, context, options)
  }
}

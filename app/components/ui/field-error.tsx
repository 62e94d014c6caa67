/** The message under a form field; `id` is what the field's aria-describedby points at. */
export function FieldError({ id, error }: { id?: string; error?: string | null }) {
  if (!error) return null;
  return (
    <p id={id} className="field__error" role="alert">
      {error}
    </p>
  );
}

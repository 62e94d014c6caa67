/**
 * A field people never see (visually hidden, out of the tab order, hidden from assistive
 * technology): a value in it marks the form as a bot's, which the server's schema refuses.
 */
export function Honeypot() {
  return (
    <div className="visually-hidden" aria-hidden="true">
      <label>
        请勿填写此项
        <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

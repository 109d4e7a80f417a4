// A dialog's buttons: Cancel, then the form's submit button (its action's name).
export function DialogActions({ submit, onCancel }: { submit: string; onCancel(): void }) {
  return (
    <div className="mm-dialog-actions">
      <button type="button" className="mm-button" onClick={onCancel}>
        Cancel
      </button>
      <button type="submit" className="mm-button mm-primary">
        {submit}
      </button>
    </div>
  );
}

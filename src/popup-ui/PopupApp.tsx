export function PopupApp() {
  return (
    <main>
      <h1>Tidymarks</h1>
    </main>
  );
}

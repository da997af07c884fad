// The document verification page (/verifica/{id}): the file the reader picks is hashed here, in the
// browser (SHA-256, Web Crypto), and compared with the fingerprint the server kept when it printed it.
(() => {
  const input = document.getElementById('verify-file');
  const expected = document.getElementById('expected-sha256');
  const result = document.getElementById('verify-result');
  if (!input || !expected || !result) return;
  input.addEventListener('change', async () => {
    const file = input.files && input.files[0];
    if (!file) return;
    result.textContent = 'Calcolo dell’impronta…';
    const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
    const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
    result.textContent = hex === expected.textContent.trim()
      ? `Il file «${file.name}» è il documento emesso: le impronte coincidono.`
      : `Il file «${file.name}» NON è il documento emesso: impronta ${hex}.`;
  });
})();

// A classic script, which loads where the page's module scripts cannot: under an opaque origin (a
// frame sandboxed without allow-same-origin, or this file opened from disk) browsers refuse module
// scripts and the engine's fetch without CORS, so the page would wait forever. It says so instead,
// and what runs there: the single-file build (npm run build:single), which needs no other file.
(() => {
  if (self.origin !== 'null') return;
  const problem = document.createElement('p');
  problem.id = 'start-problem';
  problem.className = 'notice';
  problem.setAttribute('role', 'alert');
  problem.textContent =
    window.parent === window
      ? 'posenc cannot start from a file opened on disk: browsers refuse its module scripts there. Open posenc.html, the single-file version, instead, or serve this folder from a web server.'
      : "posenc cannot start in this frame: it is sandboxed without allow-same-origin, and browsers then refuse the page's module scripts and its engine. Embed posenc.html, the single-file version, which runs in such a frame, or add allow-same-origin to the frame's sandbox.";
  document.body.prepend(problem);
})();

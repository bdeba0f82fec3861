// Runs in <head>, before the page first paints (index.html, made by the build: vite-prerender.ts).
//
// index.html carries the login page rendered at build time, which is right only for a signed-out
// visitor at the login address: anyone else (stored tokens, another address) gets it hidden until
// the app renders their page (main.tsx). A signed-out visitor at the bare address would be sent
// to the login page by the app a moment later; the address changes now, so the prerendered form
// is what they keep seeing.
//
// The app's scripts are named in <meta name="teamup-app"> rather than loaded by the page: on the
// prerendered login page they are asked for once it has painted, so a slow network brings the
// page and its stylesheet first; for anything else, at once.
(function () {
  var root = document.documentElement;
  var signedIn = false;
  try {
    signedIn = Boolean(window.localStorage.getItem('teamup.accessToken'));
  } catch {
    // Storage unavailable (privacy modes): the app treats the visitor as signed out too.
  }
  var hash = window.location.hash;
  if (!signedIn && (hash === '' || hash === '#' || hash === '#/')) {
    window.history.replaceState(window.history.state, '', '#/login');
    hash = '#/login';
  }
  var showLogin = !signedIn && hash === '#/login';
  if (!showLogin) root.setAttribute('data-prerendered-login', 'hidden');

  var app = document.querySelector('meta[name="teamup-app"]');
  // The development server's index.html loads its entry itself.
  if (!app) return;
  function add(tag, attributes) {
    var element = document.createElement(tag);
    element.crossOrigin = '';
    for (var name in attributes) element.setAttribute(name, attributes[name]);
    document.head.appendChild(element);
  }
  // Preloads fetch the scripts at once; the entry runs once the page is parsed (it mounts the
  // app into #root), as the module script the page itself would name does.
  function start() {
    var entry = app.getAttribute('content');
    var preloads = (app.getAttribute('data-preload') || '').split(' ').concat(entry);
    for (var i = 0; i < preloads.length; i += 1) {
      if (preloads[i]) add('link', { rel: 'modulepreload', href: preloads[i] });
    }
    whenParsed(function () {
      add('script', { type: 'module', src: entry });
    });
  }
  function whenParsed(callback) {
    if (document.readyState === 'loading') {
      document.addEventListener('DOMContentLoaded', callback);
    } else {
      callback();
    }
  }
  if (!showLogin) {
    start();
    return;
  }
  // Once parsed and styled, the page paints in the frame after this callback; start after it.
  whenParsed(function () {
    window.requestAnimationFrame(function () {
      window.setTimeout(start, 0);
    });
  });
})();

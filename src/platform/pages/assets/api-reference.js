// Renders GET /docs: Redoc (its standalone bundle, loaded before this file) reads the
// live OpenAPI document named by the container's data-spec-url, on the same origin.
const container = document.getElementById('redoc');

window.Redoc.init(
  container.dataset.specUrl,
  {
    requiredPropsFirst: true,
    sortEnumValuesAlphabetically: false,
    jsonSampleExpandLevel: 3,
    theme: {
      colors: { primary: { main: '#2f6b45' }, text: { primary: '#1f2a24' } },
      typography: {
        fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif',
        headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif', fontWeight: '600' },
        code: { fontFamily: 'ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace' },
      },
      sidebar: { backgroundColor: '#f3f7f3' },
      rightPanel: { backgroundColor: '#1f2a24' },
    },
  },
  container,
);

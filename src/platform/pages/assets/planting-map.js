// Draws each [data-planting-map] element's polygon (GeoJSON in data-geometry) on the tiles
// named by data-tile-url, fitted to its bounds. Leaflet (loaded before this file) is served
// by Canopy; the tiles are the only thing loaded from another host. The element is hidden
// until the map is drawn: without this script the page keeps its SVG maps only.
for (const element of document.querySelectorAll('[data-planting-map]')) {
  try {
    drawPlantingMap(element);
  } catch {
    element.hidden = true;
  }
}

function drawPlantingMap(element) {
  const geometry = JSON.parse(element.dataset.geometry);
  element.hidden = false;
  const map = window.L.map(element, { scrollWheelZoom: false, attributionControl: true });
  // The attribution is the operator's text, not HTML: Leaflet writes it with innerHTML.
  const attribution = document.createElement('span');
  attribution.textContent = element.dataset.tileAttribution;
  window.L.tileLayer(element.dataset.tileUrl, {
    attribution: attribution.innerHTML,
    maxZoom: 19,
    // The tile server learns which site asks, never which certificate.
    referrerPolicy: 'strict-origin',
  }).addTo(map);
  const polygon = window.L.geoJSON(geometry, { style: { color: '#2f6b45', weight: 2, fillColor: '#2f6b45', fillOpacity: 0.25 } }).addTo(map);
  map.fitBounds(polygon.getBounds(), { padding: [16, 16], maxZoom: 17 });
}

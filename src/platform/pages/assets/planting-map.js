// Interactive maps on the operator's tiles (data-tile-url, data-tile-attribution), drawn with
// Leaflet (loaded before this file, served by Canopy; the tiles are the only thing loaded from
// another host). Each element is hidden until its map is drawn: without this script, or when
// drawing fails, the page keeps its SVG maps only.
//
// - [data-planting-map]: one planting's polygon (GeoJSON in data-geometry), fitted to its bounds.
// - [data-sites-map]: all of a company's sites (JSON in data-sites: [{latitude, longitude, href,
//   label, trees, geometry?}]), each its polygon when it has one and a dot that is a real link to
//   its section of the page (href), reachable with Tab, its label shown on hover and on focus;
//   fitted to all of them.
const LEAF = '#2f6b45';

for (const element of document.querySelectorAll('[data-planting-map]')) {
  try {
    drawPlantingMap(element);
  } catch {
    element.hidden = true;
  }
}

for (const element of document.querySelectorAll('[data-sites-map]')) {
  try {
    drawSitesMap(element);
  } catch {
    element.hidden = true;
  }
}

function baseMap(element) {
  element.hidden = false;
  const map = window.L.map(element, { scrollWheelZoom: false, attributionControl: true });
  // The attribution is the operator's text, not HTML: Leaflet writes it with innerHTML.
  const attribution = document.createElement('span');
  attribution.textContent = element.dataset.tileAttribution;
  window.L.tileLayer(element.dataset.tileUrl, {
    attribution: attribution.innerHTML,
    maxZoom: 19,
    // The tile server learns which site asks, never which page.
    referrerPolicy: 'strict-origin',
  }).addTo(map);
  return map;
}

function drawPlantingMap(element) {
  const geometry = JSON.parse(element.dataset.geometry);
  const map = baseMap(element);
  const polygon = window.L.geoJSON(geometry, { style: { color: LEAF, weight: 2, fillColor: LEAF, fillOpacity: 0.25 } }).addTo(map);
  map.fitBounds(polygon.getBounds(), { padding: [16, 16], maxZoom: 17 });
}

function drawSitesMap(element) {
  const sites = JSON.parse(element.dataset.sites).filter(
    (site) => Number.isFinite(site.latitude) && Number.isFinite(site.longitude) && Math.abs(site.latitude) <= 90 && Math.abs(site.longitude) <= 180,
  );
  if (sites.length === 0) return;
  const map = baseMap(element);
  const bounds = window.L.latLngBounds([]);
  const most = Math.max(1, ...sites.map((site) => site.trees || 0));
  let polygons = false;
  for (const site of sites) {
    if (site.geometry) {
      const shape = window.L.geoJSON(site.geometry, { interactive: false, style: { color: LEAF, weight: 2, fillColor: LEAF, fillOpacity: 0.25 } }).addTo(map);
      if (shape.getBounds().isValid()) {
        bounds.extend(shape.getBounds());
        polygons = true;
      }
    }
    bounds.extend([site.latitude, site.longitude]);
    siteLink(site, most).addTo(map);
  }
  // One site with no polygon would zoom to a street: a point is framed at about a region's scale.
  map.fitBounds(bounds, { padding: [24, 24], maxZoom: polygons ? 16 : 9 });
}

/** A dot (5 to 10 px across the radius, by the square root of its share of the most trees) that is a link. */
function siteLink(site, most) {
  const radius = Math.round(5 + 5 * Math.sqrt(Math.max(0, site.trees || 0) / most));
  const link = document.createElement('a');
  link.href = site.href;
  link.className = 'place-site tile-map-site';
  link.setAttribute('aria-label', site.label);
  Object.assign(link.style, {
    display: 'block',
    boxSizing: 'border-box',
    width: `${2 * radius}px`,
    height: `${2 * radius}px`,
    borderRadius: '50%',
    background: LEAF,
    border: '2px solid #fff',
    boxShadow: '0 0 0 1px rgba(0,0,0,.25)',
  });
  const marker = window.L.marker([site.latitude, site.longitude], {
    // The link inside takes the focus, not Leaflet's wrapper around it.
    keyboard: false,
    icon: window.L.divIcon({ html: link, className: 'tile-map-site-icon', iconSize: [2 * radius, 2 * radius], iconAnchor: [radius, radius] }),
  });
  // The label as text (Leaflet would read a string as HTML), on hover and on keyboard focus.
  const label = document.createElement('span');
  label.textContent = site.label;
  marker.bindTooltip(label, { direction: 'top', offset: [0, -radius] });
  link.addEventListener('focus', () => marker.openTooltip());
  link.addEventListener('blur', () => marker.closeTooltip());
  return marker;
}

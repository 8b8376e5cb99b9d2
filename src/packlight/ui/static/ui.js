// packlight inspector: small progressive enhancements; every page works without this script.
"use strict";

(function () {
  var base = document.body.dataset.base || "";

  // The chart: describe the point or marker under the pointer.
  var info = document.getElementById("chart-info");
  document.querySelectorAll("svg.token-chart .turn, svg.token-chart .compaction-marker").forEach(function (node) {
    node.addEventListener("mouseenter", function () {
      var title = node.querySelector("title");
      if (info && title) { info.textContent = title.textContent; }
    });
  });

  // Sessions list: a changed filter shows its result at once.
  document.querySelectorAll("form.filters select").forEach(function (select) {
    select.addEventListener("change", function () { select.form.submit(); });
  });

  // The artifact viewer: the next lines come from the API, a window at a time.
  var more = document.getElementById("more-lines");
  var table = document.getElementById("artifact-lines");
  if (more && table) {
    more.addEventListener("click", function () {
      var url = base + "/api/sessions/" + encodeURIComponent(table.dataset.session) +
        "/artifacts/" + encodeURIComponent(table.dataset.artifact) +
        "?start=" + table.dataset.next + "&count=400";
      more.disabled = true;
      fetch(url, { credentials: "same-origin" }).then(function (response) {
        if (!response.ok) { throw new Error("HTTP " + response.status); }
        return response.json();
      }).then(function (data) {
        var body = table.tBodies[0];
        data.lines.forEach(function (text, index) {
          var number = data.start + index;
          var row = body.insertRow();
          row.id = "L" + number;
          var ln = row.insertCell();
          ln.className = "ln";
          var link = document.createElement("a");
          link.href = "#L" + number;
          link.textContent = String(number);
          ln.appendChild(link);
          var code = row.insertCell();
          code.className = "code";
          code.textContent = text;
        });
        if (data.next_start === null) { more.remove(); }
        else { table.dataset.next = data.next_start; more.disabled = false; }
      }).catch(function (error) {
        more.textContent = "Could not load more lines (" + error.message + ")";
      });
    });
  }
})();

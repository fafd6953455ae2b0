// Test page: frames the address given in the query (?src=…), as a site that was never allowed to
// embed the portal might.
const frame = document.createElement("iframe");
frame.name = "framed";
frame.title = "framed portal";
frame.width = "900";
frame.height = "600";
frame.src = new URLSearchParams(location.search).get("src");
document.body.append(frame);

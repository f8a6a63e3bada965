// The check page: a file dropped on the form is put in its file input, and a file or text too
// large to send, or a file that is not UTF-8 text, is refused here with a message, before
// anything is sent.  Without the script the form still posts and the server says the same.
(function () {
  "use strict";
  var form = document.querySelector(".check-form");
  if (!form) { return; }
  var limit = Number(form.getAttribute("data-limit"));
  var message = document.getElementById("form-message");
  var input = document.getElementById("record-file");
  var drop = document.getElementById("drop");

  function say(text) { message.textContent = text; }
  function megabytes(n) { return (n / 1048576).toFixed(1) + " MB"; }

  function tooLarge(size) {
    return size > limit
      ? "This is " + megabytes(size) + ", more than the " + megabytes(limit) +
        " a record sent here may weigh. Check it with the trufspec command instead."
      : "";
  }

  // A file that is not UTF-8 text is not a record: say so at once, naming the first bad byte.
  function checkText(file) {
    return file.arrayBuffer().then(function (buffer) {
      var bytes = new Uint8Array(buffer);
      if (bytes.indexOf(0) >= 0) { return "This file holds a NUL byte: it is binary, not a record."; }
      try {
        new TextDecoder("utf-8", {fatal: true}).decode(bytes);
        return "";
      } catch (error) {
        return "This file is not UTF-8 text, so it is not a record. Save it as UTF-8 and try again.";
      }
    });
  }

  function vet(file) {
    say("");
    if (!file) { return Promise.resolve(""); }
    var problem = tooLarge(file.size);
    return problem ? Promise.resolve(problem) : checkText(file);
  }

  input.addEventListener("change", function () {
    vet(input.files[0]).then(say);
  });

  ["dragenter", "dragover"].forEach(function (kind) {
    drop.addEventListener(kind, function (event) { event.preventDefault(); drop.classList.add("over"); });
  });
  ["dragleave", "drop"].forEach(function (kind) {
    drop.addEventListener(kind, function () { drop.classList.remove("over"); });
  });
  drop.addEventListener("drop", function (event) {
    event.preventDefault();
    if (event.dataTransfer && event.dataTransfer.files.length) {
      input.files = event.dataTransfer.files;
      input.dispatchEvent(new Event("change"));
    }
  });

  // The form is sent once its file has been read and found fit (submit() fires no second event).
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    var text = document.getElementById("record-text").value;
    var problem = tooLarge(new Blob([text]).size);
    if (problem) { say(problem); return; }
    vet(input.files[0]).then(function (found) {
      if (found) { say(found); return; }
      form.submit();
    });
  });
})();

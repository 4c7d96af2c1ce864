"""1881 Berlin (Michael Mette, rules of March 2007): the title's data and its own rules on
the shared 18xx machinery. Not registered yet: the parts are built and tested one by one
(docs/1881-design.md)."""
